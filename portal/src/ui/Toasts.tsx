import { styled } from '@tessera/widgets/stitches';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import { Text as AriaText } from 'react-aria-components/Text';
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast';

/** What a toast says: what was done, and where to find the result when it is not in sight. */
export interface ToastMessage {
  title: string;
  description?: string;
}

/** How long a toast stays (react-aria pauses it while hovered or focused); long enough to read two lines. */
const TOAST_TIMEOUT_MS = 6000;

/** The portal's one queue of toasts: any screen announces through `announce`, the shell shows them. */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

/**
 * Says that an action is done (archived, restored, approved, moved, copied...): a toast in react-aria's toast
 * region, a landmark that screen readers announce.
 */
export function announce(title: string, description?: string): void {
  queue.add({ title, description }, { timeout: TOAST_TIMEOUT_MS });
}

/** Clears every toast (tests). */
export function clearToasts(): void {
  queue.clear();
}

/** The gap between the toasts and the viewport's edges, in pixels ($4). */
const EDGE = 16;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the toasts go: the bottom right corner, unless they would cover the control that has the focus there (a
 * form's last field, a choice being typed); then the top right corner. A person typing never types under a toast.
 */
export function toastPlacement(toasts: { width: number; height: number }, viewport: { width: number; height: number }, focused: Box | null): 'bottom' | 'top' {
  if (!focused) return 'bottom';
  const right = viewport.width - EDGE;
  const left = right - toasts.width;
  const atBottom = { left, right, bottom: viewport.height - EDGE, top: viewport.height - EDGE - toasts.height };
  return overlaps(atBottom, focused) ? 'top' : 'bottom';
}

const Dock = styled('div', {
  position: 'fixed',
  right: '$4',
  zIndex: 400,
  variants: { placement: { bottom: { bottom: '$4' }, top: { top: '$4' } } },
  defaultVariants: { placement: 'bottom' },
});

/** Keeps the toasts clear of the focused control: measured as the focus moves, as toasts come and go, on scroll. */
function useClearOfFocus(dock: RefObject<HTMLDivElement | null>): 'bottom' | 'top' {
  const [placement, setPlacement] = useState<'bottom' | 'top'>('bottom');
  useEffect(() => {
    const element = dock.current;
    if (!element) return undefined;
    const measure = () => {
      const focused = document.activeElement;
      const control = focused && focused !== document.body && !element.contains(focused) ? focused.getBoundingClientRect() : null;
      const { width, height } = element.getBoundingClientRect();
      setPlacement(height === 0 ? 'bottom' : toastPlacement({ width, height }, { width: window.innerWidth, height: window.innerHeight }, control));
    };
    // Toasts coming and going change the dock's size (jsdom, in component tests, has no ResizeObserver).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(element);
    document.addEventListener('focusin', measure);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      resized?.disconnect();
      document.removeEventListener('focusin', measure);
      window.removeEventListener('scroll', measure, { capture: true });
    };
  }, [dock]);
  return placement;
}

const Region = styled(ToastRegion, {
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: '$2',
  maxWidth: 'min(420px, calc(100vw - 32px))',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus', borderRadius: '$md' },
});

const Toast = styled(AriaToast, {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$3',
  padding: '$3 $4',
  borderRadius: '$md',
  backgroundColor: '$text',
  color: '$background',
  fontFamily: '$body',
  fontSize: '$2',
  lineHeight: '$body',
  boxShadow: '$card',
  outline: 'none',
  '&[data-focus-visible]': { boxShadow: '$focus' },
});

const Content = styled(ToastContent, { display: 'flex', flexDirection: 'column', gap: '$1', flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

const Title = styled(AriaText, { fontWeight: '$bold' });

const Close = styled(AriaButton, {
  flexShrink: 0,
  width: '28px',
  height: '28px',
  padding: 0,
  border: 'none',
  borderRadius: '$sm',
  backgroundColor: 'transparent',
  color: 'inherit',
  fontSize: '$3',
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  '&[data-hovered]': { backgroundColor: 'rgba(255, 255, 255, 0.15)' },
  '&[data-focus-visible]': { boxShadow: '0 0 0 2px #ffffff' },
});

/** The toast region of the page (the app shell renders it once). */
export function Toasts() {
  const dock = useRef<HTMLDivElement>(null);
  const placement = useClearOfFocus(dock);
  return (
    <Dock ref={dock} placement={placement} data-placement={placement}>
      <Region queue={queue} aria-label="Notifications">
        {({ toast }) => {
          // The styled region does not carry the queue's type through to its render function.
          const message = toast.content as ToastMessage;
          return (
            <Toast toast={toast}>
              <Content>
                <Title slot="title">{message.title}</Title>
                {message.description ? <AriaText slot="description">{message.description}</AriaText> : null}
              </Content>
              <Close slot="close" aria-label="Close notification">
                ×
              </Close>
            </Toast>
          );
        }}
      </Region>
    </Dock>
  );
}
