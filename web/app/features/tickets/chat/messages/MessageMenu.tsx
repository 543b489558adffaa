import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { ChevronDown, FileText, Forward, Pencil, Plus, Reply, RotateCw, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from "../../../../components/ui/Menu";
import { QUICK_REACTIONS } from "../rules/reactions";
import "../texts";

export interface MessageMenuActions {
  canAnswer: boolean;
  canForward: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** The message's delivery failed for a reason a new try can help: offer to send it again. */
  canRetry: boolean;
  /** The message failed because the customer's 24-hour window closed: offer an approved template instead. */
  canSendTemplate: boolean;
  onReply: () => void;
  onReact: (emoji: string) => void;
  onMoreReactions: () => void;
  onForward: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRetry: () => void;
  onSendTemplate: () => void;
}

/** The options of one message (hover or long-press): reply, react, forward; edit and delete on one's own. */
export function MessageMenu({
  open,
  onOpenChange,
  fromMe,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fromMe: boolean;
  actions: MessageMenuActions;
}) {
  const { t } = useTranslation();
  const { canAnswer, canForward, canEdit, canDelete, canRetry, canSendTemplate } = actions;
  if (!canAnswer && !canForward && !canEdit && !canDelete && !canRetry && !canSendTemplate) return null;
  return (
    <Menu open={open} onOpenChange={onOpenChange} modal={false}>
      <MenuTrigger
        aria-label={t("ticketChat.menu.options")}
        className={cn(
          "absolute top-1 z-[1] inline-flex size-6 items-center justify-center rounded-full bg-inherit text-subtle shadow-sm transition-opacity",
          // Phones: a finger's 44 px in the bubble's corner, unpainted around the small chevron.
          "max-sm:top-0 max-sm:right-0 max-sm:size-11 max-sm:items-start max-sm:justify-end max-sm:bg-transparent max-sm:p-1.5 max-sm:shadow-none",
          "opacity-0 group-hover:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 pointer-coarse:opacity-70",
          fromMe ? "right-1" : "right-1",
        )}
      >
        <ChevronDown className="size-4" aria-hidden />
      </MenuTrigger>
      <MenuContent align={fromMe ? "end" : "start"} sideOffset={4} className="min-w-56">
        {canAnswer ? (
          <>
            <div className="flex items-center gap-0.5 px-1 pb-1" role="group" aria-label={t("ticketChat.menu.react")}>
              {QUICK_REACTIONS.map((emoji) => (
                <MenuPrimitive.Item
                  key={emoji}
                  onSelect={() => actions.onReact(emoji)}
                  aria-label={t("ticketChat.menu.reactWith", { emoji })}
                  className="flex size-9 cursor-pointer items-center justify-center rounded-full text-xl outline-none data-[highlighted]:bg-surface-3"
                >
                  {emoji}
                </MenuPrimitive.Item>
              ))}
              <MenuPrimitive.Item
                onSelect={actions.onMoreReactions}
                aria-label={t("ticketChat.menu.moreReactions")}
                className="flex size-9 cursor-pointer items-center justify-center rounded-full text-muted outline-none data-[highlighted]:bg-surface-3"
              >
                <Plus className="size-5" aria-hidden />
              </MenuPrimitive.Item>
            </div>
            <MenuSeparator />
            <MenuItem onSelect={actions.onReply}>
              <Reply className="size-4 text-muted" aria-hidden />
              {t("ticketChat.menu.reply")}
            </MenuItem>
          </>
        ) : null}
        {canForward ? (
          <MenuItem onSelect={actions.onForward}>
            <Forward className="size-4 text-muted" aria-hidden />
            {t("ticketChat.menu.forward")}
          </MenuItem>
        ) : null}
        {canRetry ? (
          <MenuItem onSelect={actions.onRetry}>
            <RotateCw className="size-4 text-muted" aria-hidden />
            {t("ticketChat.menu.retry")}
          </MenuItem>
        ) : null}
        {canSendTemplate ? (
          <MenuItem onSelect={actions.onSendTemplate}>
            <FileText className="size-4 text-muted" aria-hidden />
            {t("ticketChat.menu.template")}
          </MenuItem>
        ) : null}
        {canEdit ? (
          <MenuItem onSelect={actions.onEdit}>
            <Pencil className="size-4 text-muted" aria-hidden />
            {t("ticketChat.menu.edit")}
          </MenuItem>
        ) : null}
        {canDelete ? (
          <MenuItem onSelect={actions.onDelete} className="text-danger">
            <Trash2 className="size-4" aria-hidden />
            {t("ticketChat.menu.delete")}
          </MenuItem>
        ) : null}
      </MenuContent>
    </Menu>
  );
}
