import { Check, CheckCheck, Clock3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { ackLook } from "../rules/acks";

/** The delivery state of an outgoing message: clock, grey ticks, blue ticks. */
export function AckIcon({ ack, className }: { ack: number; className?: string }) {
  const { t } = useTranslation();
  const look = ackLook(ack);
  const label = t(`ticketChat.acks.${look.state}`);
  const Icon = look.ticks === 0 ? Clock3 : look.ticks === 1 ? Check : CheckCheck;
  return (
    <Icon
      role="img"
      aria-label={label}
      data-ack={ack}
      className={cn("size-4 shrink-0", look.blue ? "text-[#53bdeb]" : "text-subtle", look.ticks === 0 && "size-3.5", className)}
    >
      <title>{label}</title>
    </Icon>
  );
}
