import { CircleAlert, CircleCheck, CircleX, Loader2, QrCode, Smartphone, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../components/ui/cn";
import type { ConnectionStatus } from "./types";
import "./texts";

/** How each status looks: an icon and a colour (green ready, amber waiting on someone, red broken). */
const looks: Record<ConnectionStatus, { icon: LucideIcon; className: string; spin?: boolean }> = {
  CONNECTED: { icon: CircleCheck, className: "bg-brand-soft text-brand-text" },
  qrcode: { icon: QrCode, className: "bg-warning-soft text-warning-fg" },
  PAIRING: { icon: Smartphone, className: "bg-warning-soft text-warning-fg" },
  OPENING: { icon: Loader2, className: "bg-surface-3 text-muted", spin: true },
  TIMEOUT: { icon: CircleAlert, className: "bg-danger-soft text-danger" },
  DISCONNECTED: { icon: CircleX, className: "bg-danger-soft text-danger" },
};

/** Statuses that need an admin's attention (the menu's '!' badge): everything but CONNECTED. */
export const needsAttention = (status: string) => status !== "CONNECTED";

/** The status pill: icon and label, in words at every width (the hint is the tooltip). */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  const look = looks[status] ?? looks.DISCONNECTED;
  const Icon = look.icon;
  const label = t(`connections.status.${status}`);
  const hint = t(`connections.statusHint.${status}`);
  return (
    <span
      title={`${label}. ${hint}`}
      className={cn("inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium", look.className)}
    >
      <Icon className={cn("size-3.5 shrink-0", look.spin && "animate-spin")} aria-hidden />
      <span className="whitespace-nowrap">{label}</span>
    </span>
  );
}
