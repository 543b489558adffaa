import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { currentToasts, serverToasts, subscribeToasts, toast, TOAST_DURATION_MS, type ToastKind } from "../../lib/toast";
import { cn } from "./cn";

const look: Record<ToastKind, { icon: typeof Info; className: string }> = {
  success: { icon: CircleCheck, className: "text-brand" },
  error: { icon: CircleAlert, className: "text-danger" },
  info: { icon: Info, className: "text-muted" },
};

/**
 * Renders the toast store (lib/toast) with Radix Toast: 2 s each, announced politely, errors assertively. The one
 * toast sits at the top, centred over the top bar's greeting (across the top on phones), where it hides no action:
 * the composer, the chat's bars and the dialogs' buttons are all below, and it is narrower than a dialog's title bar
 * is wide, so a tall dialog's close button stays clear. Only the toast catches the pointer, never the strip around it.
 */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(subscribeToasts, currentToasts, serverToasts);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="up" label={t("shell.notifications")}>
      {items.map((item) => {
        const { icon: Icon, className } = look[item.kind];
        return (
          <ToastPrimitive.Root
            key={item.id}
            type={item.kind === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) toast.dismiss(item.id);
            }}
            className={cn(
              "pointer-events-auto flex items-start gap-3 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-fg shadow-panel animate-toast-in",
              "data-[swipe=move]:translate-y-[var(--radix-toast-swipe-move-y)] data-[swipe=end]:animate-fade-in",
              item.kind === "error" && "border-l-4 border-l-danger",
              item.kind === "success" && "border-l-4 border-l-brand",
            )}
          >
            <Icon className={cn("mt-0.5 size-4 shrink-0", className)} aria-hidden />
            <ToastPrimitive.Description className="flex-1 leading-snug">{item.message}</ToastPrimitive.Description>
            <ToastPrimitive.Close aria-label={t("common.close")} className="-m-1 rounded p-1 text-subtle hover:text-fg">
              <X className="size-3.5" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="pointer-events-none fixed top-0 left-1/2 z-[100] flex w-full max-w-xs -translate-x-1/2 flex-col gap-2 p-2 outline-none sm:p-3" />
    </ToastPrimitive.Provider>
  );
}
