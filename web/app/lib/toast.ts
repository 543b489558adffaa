/**
 * A tiny toast store, so that any code (the error handler, the API client, the realtime client) can show a
 * toast without a React context. <Toaster /> renders it with Radix Toast.
 */
export type ToastKind = "success" | "error" | "info";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** Spec: toasts last 2 seconds. */
export const TOAST_DURATION_MS = 2000;

type Listener = (items: ToastItem[]) => void;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(items);
}

/**
 * One toast at a time, the newest: it sits in the top bar, where it hides no action, and a stack would reach down
 * over the page (and a browser window without focus pauses the timers, so they would pile up).
 */
function push(kind: ToastKind, message: string): number {
  const id = nextId++;
  // A burst of identical messages (several failed calls at once) shows once.
  if (items.some((t) => t.message === message && t.kind === kind)) return id;
  items = [{ id, kind, message }];
  emit();
  return id;
}

export const toast = {
  success: (message: string) => push("success", message),
  error: (message: string) => push("error", message),
  info: (message: string) => push("info", message),
  dismiss(id: number) {
    items = items.filter((t) => t.id !== id);
    emit();
  },
};

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): ToastItem[] {
  return items;
}

const none: ToastItem[] = [];
export function serverToasts(): ToastItem[] {
  return none;
}
