'use client';
import { TOAST } from '@nimbus/core';
// Toasts on screen: a provider that owns one store, `useToast()` to raise them, and the stacked
// viewport. Hovering or focusing the stack pauses auto-hide and fans the toasts out to be read.
// A toast carries its own look (visual, fullBleed, fullWidth, hideX) and buttons (cancel, undo,
// action or actionHref link); autoFocus moves focus to its first button when it shows.
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { buttonClass } from './button';
import { cx, focusRing } from './cx';
import { createToastStore, stackTransform, type Toast, type ToastInput, type ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);
const GAP_PX = 12;
const MAX_STACKED = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return (
    <ToastContext value={store}>
      {children}
      <ToastViewport store={store} />
    </ToastContext>
  );
}

type Options = Omit<ToastInput, 'text' | 'type'>;

export function useToast() {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast() needs a <ToastProvider> above it.');
  return useMemo(
    () => ({
      show: store.show,
      hide: store.hide,
      success: (text?: string, options?: Options) => store.show({ ...options, text, type: 'success' }),
      error: (text?: string, options?: Options) => store.show({ ...options, text, type: 'error' }),
      warning: (text?: string, options?: Options) => store.show({ ...options, text, type: 'warning' }),
    }),
    [store],
  );
}

const DOT: Record<Toast['type'], string> = { success: 'bg-green-600', error: 'bg-red-600', warning: 'bg-amber-500' };

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const [expanded, setExpanded] = useState(false);
  const heights = useRef(new Map<string, number>());
  const newestFirst = [...toasts].reverse();

  const transformFor = (toast: Toast, depth: number) => {
    if (toast.phase === 'entering') return 'translateY(100%)';
    if (!expanded) return stackTransform(depth);
    const above = newestFirst.slice(0, depth).reduce((sum, t) => sum + (heights.current.get(t.id) ?? 64) + GAP_PX, 0);
    return `translateY(${-above}px)`;
  };

  const open = () => {
    store.pause();
    setExpanded(true);
  };
  const close = () => {
    store.resume();
    setExpanded(false);
  };

  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 z-[60] w-[min(360px,calc(100vw-32px))]"
    >
      <ol
        className="pointer-events-auto relative"
        onMouseEnter={open}
        onMouseLeave={close}
        onFocus={open}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
        }}
      >
        {newestFirst.map((toast, depth) => (
          <li
            key={toast.id}
            ref={(node) =>
              void (node ? heights.current.set(toast.id, node.offsetHeight) : heights.current.delete(toast.id))
            }
            data-phase={toast.phase}
            className={cx(
              'absolute right-0 bottom-0 origin-bottom transition-[transform,opacity] ease-out',
              toast.fullWidth ? 'w-[calc(100vw-32px)]' : 'w-full',
            )}
            style={{
              transform: transformFor(toast, depth),
              opacity: toast.phase === 'visible' && (expanded || depth < MAX_STACKED) ? 1 : 0,
              transitionDuration: `${TOAST.hideMs}ms`,
              zIndex: toasts.length - depth,
            }}
          >
            <ToastCard toast={toast} store={store} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const card = useRef<HTMLDivElement>(null);
  const visible = toast.phase === 'visible';
  useEffect(() => {
    if (visible && toast.autoFocus) card.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [visible, toast.autoFocus]);
  const small = (variant: 'ghost' | 'primary' | 'secondary') =>
    buttonClass({ size: 'small', variant, className: '-my-1' });

  return (
    <div
      ref={card}
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex items-start gap-3 rounded-lg border border-border bg-background text-sm text-foreground shadow-lg',
        toast.fullBleed ? 'overflow-hidden p-0' : 'p-4',
      )}
    >
      {toast.visual ?? <span aria-hidden className={cx('mt-1.5 size-2 shrink-0 rounded-full', DOT[toast.type])} />}
      <p className="min-w-0 flex-1 break-words">{toast.text}</p>
      {toast.cancelAction && (
        <button type="button" className={small('ghost')} onClick={() => store.act(toast.id, 'cancel')}>
          {toast.cancelAction}
        </button>
      )}
      {toast.onUndoAction && (
        <button type="button" className={small('secondary')} onClick={() => store.act(toast.id, 'undo')}>
          Undo
        </button>
      )}
      {toast.action &&
        (toast.actionHref ? (
          <a href={toast.actionHref} className={small('primary')} onClick={() => store.act(toast.id, 'action')}>
            {toast.action}
          </a>
        ) : (
          <button type="button" className={small('primary')} onClick={() => store.act(toast.id, 'action')}>
            {toast.action}
          </button>
        ))}
      {!toast.hideX && (
        <button
          type="button"
          aria-label="Dismiss notification"
          className={cx('-m-1 rounded p-1 text-muted hover:text-foreground', focusRing)}
          onClick={() => store.hide(toast.id)}
        >
          <svg aria-hidden viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M4 4l8 8M12 4l-8 8" />
          </svg>
        </button>
      )}
    </div>
  );
}
