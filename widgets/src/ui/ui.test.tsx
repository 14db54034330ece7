import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert, Button, Checkbox, Form, Link, Spinner, TextField } from './index.js';

function ControlledField(props: { errors?: string[]; description?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label="Email"
      name="email"
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue?.(next);
      }}
      errors={props.errors}
      description={props.description}
    />
  );
}

function describedBy(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

describe('TextField', () => {
  it('labels its input and reports what is typed', async () => {
    const onValue = vi.fn();
    render(<ControlledField onValue={onValue} />);
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'ada');
    expect(input).toHaveProperty('value', 'ada');
    expect(onValue).toHaveBeenLastCalledWith('ada');
  });

  it('shows every error under the field, marks it invalid and links the errors to it', () => {
    render(<ControlledField errors={['The email field is required.', 'Second problem.']} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('Second problem.')).toBeTruthy();
    expect(describedBy(input)).toContain('The email field is required.');
  });

  it('is valid and quiet without errors, and links its description', () => {
    render(<ControlledField description="We never share it." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toBe('We never share it.');
  });

  it('shows server errors a Form hands down for its name', () => {
    render(
      <Form validationErrors={{ email: 'The email has already been taken.' }}>
        <ControlledField />
      </Form>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toContain('The email has already been taken.');
  });
});

describe('Form', () => {
  it('submits without navigating and calls onSubmit', async () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} aria-label="Test">
        <Button type="submit">Send</Button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0][0].defaultPrevented).toBe(true);
  });
});

describe('Button', () => {
  it('presses with the pointer and the keyboard', async () => {
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(2);
  });

  it('while pending keeps its name, shows a spinner and ignores presses', async () => {
    const onPress = vi.fn();
    render(
      <Button isPending onPress={onPress}>
        Log In
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Log In' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('[data-spinner]')).not.toBeNull();
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('when disabled cannot be pressed', async () => {
    const onPress = vi.fn();
    render(
      <Button isDisabled onPress={onPress}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
  });
});

describe('Alert', () => {
  it('interrupts for errors and warnings, waits politely for success and info', () => {
    render(
      <>
        <Alert tone="error">Broken</Alert>
        <Alert tone="warning">Careful</Alert>
        <Alert tone="success">Done</Alert>
        <Alert tone="info">Note</Alert>
      </>,
    );
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['Broken', 'Careful']);
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual(['Done', 'Note']);
  });
});

describe('Checkbox', () => {
  it('toggles with the space key and reports the new state', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="Remember me" isSelected={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    box.focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('Link', () => {
  it('runs onPress from the keyboard', async () => {
    const onPress = vi.fn();
    render(<Link onPress={onPress}>Resend</Link>);
    const link = screen.getByRole('link', { name: 'Resend' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledOnce();
  });

  it('renders an ordinary link for an href', () => {
    render(<Link href="/sign-up">Sign up for an account</Link>);
    expect(screen.getByRole('link', { name: 'Sign up for an account' }).getAttribute('href')).toBe('/sign-up');
  });
});

describe('Spinner', () => {
  it('is announced with a label and hidden without one', () => {
    const { container } = render(
      <>
        <Spinner label="Loading your account" />
        <Spinner />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeTruthy();
    expect(container.querySelectorAll('[aria-hidden="true"][data-spinner]')).toHaveLength(1);
  });
});
