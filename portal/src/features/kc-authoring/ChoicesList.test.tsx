import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoicesList } from './ChoicesList';
import { addChoice, newQuestion, type QuestionDraft } from './questionDraft';

function Harness({ initial }: { initial: QuestionDraft }) {
  const [draft, setDraft] = useState(initial);
  return <ChoicesList tenantId="acme-training" draft={draft} onChange={setDraft} choiceErrors={() => []} isDisabled={false} />;
}

const labels = () => (screen.getAllByRole('textbox') as HTMLInputElement[]).map((input) => input.value);

describe('choices list', () => {
  it('moves choices with the buttons, disabled at the ends', () => {
    render(<Harness initial={addChoice(newQuestion())} />);
    expect(labels()).toEqual(['new choice 1', 'new choice 2', 'new choice 3']);
    const up = screen.getByRole('button', { name: 'Move choice 1 up' });
    expect(up.hasAttribute('disabled') || up.hasAttribute('data-disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move choice 3 up' }));
    expect(labels()).toEqual(['new choice 1', 'new choice 3', 'new choice 2']);
    fireEvent.click(screen.getByRole('button', { name: 'Move choice 1 down' }));
    expect(labels()).toEqual(['new choice 3', 'new choice 1', 'new choice 2']);
  });

  it('keeps one answer on a single choice question; typing in a label is not taken by the list', () => {
    render(<Harness initial={newQuestion()} />);
    const answers = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(answers.map((input) => input.checked)).toEqual([true, false]);
    fireEvent.click(answers[1]);
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).map((input) => input.checked)).toEqual([false, true]);
    const label = screen.getByRole('textbox', { name: 'Choice 1' });
    act(() => label.focus());
    fireEvent.keyDown(label, { key: ' ' });
    fireEvent.change(label, { target: { value: 'new choice 1 edited' } });
    expect(labels()[0]).toBe('new choice 1 edited');
  });

  it('gives every choice a labelled drag handle for keyboard and screen reader drag and drop', () => {
    render(<Harness initial={newQuestion()} />);
    expect(screen.getByRole('grid', { name: 'Choices' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drag choice 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drag choice 2' })).toBeTruthy();
  });
});
