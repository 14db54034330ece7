import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoTip } from './InfoTip';

describe('InfoTip', () => {
  it('shows its text in a layer above the page, outside a scroll container that would cut it off, and hides on Escape', async () => {
    render(
      <div data-testid="scroller" style={{ overflow: 'auto', maxHeight: '40px' }}>
        <InfoTip label="Description of Safety" text="Training in Tessera: organized by module" />
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'Description of Safety' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => trigger.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Training in Tessera: organized by module');
    expect(screen.getByTestId('scroller').contains(tip)).toBe(false);
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
