import { Mic, Paperclip, PenLine, Send } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../../components/ui/cn";
import { Spinner } from "../../../../components/ui/Spinner";
import { useOnline } from "../../../offline/useOnline";
import { useComposer } from "../hooks/useComposer";
import { useQuickReplies } from "../hooks/useQuickReplies";
import { isBlank, MAX_INPUT_ROWS } from "../rules/composer";
import type { ChatMessage, QuickReply } from "../types";
import { AttachmentDialog } from "./AttachmentDialog";
import { EmojiButton } from "./EmojiButton";
import { QuickReplyMenu } from "./QuickReplyMenu";
import { RecorderBar } from "./RecorderBar";
import { ReplyPreview } from "./ReplyPreview";
import "../texts";

const LINE_PX = 20;
const PAD_PX = 18;
const iconButton =
  "inline-flex size-10 max-sm:size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-3 hover:text-fg disabled:opacity-50";

export interface ComposerProps {
  ticketId: number;
  /** Where the unsent text is kept (useDraft). */
  draftKey: string;
  contactName: string;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSent: (messages: ChatMessage[]) => void;
}

/**
 * Writing to the contact: text (Enter sends, Shift+Enter breaks the line, up to 5 rows), emoji, files with a
 * caption, voice notes, quick replies on "/", replies, and the signature toggle.
 */
export function Composer({ ticketId, draftKey, contactName, replyTo, onCancelReply, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);
  const c = useComposer({ ticketId, draftKey, replyTo, onSent });
  const quick = useQuickReplies(c.text);
  // Offline (issue 29): text waits in the outbox and goes when the network returns; files and voice notes need it now.
  const online = useOnline();
  const offlineTitle = online ? undefined : t("offline.needsNetwork");
  // Esc closes the menu for the text it was opened on; typing on opens it again.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const quickOpen = quick.open && !c.sending && dismissedAt !== c.text;
  const activeItem = quickOpen ? quick.matches[active] : undefined;

  useEffect(() => setActive(0), [quick.matches.length, c.text]);
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);
  // Opening a chat puts the cursor in the text box (not on touch screens, where it would pop the keyboard up).
  useEffect(() => {
    if (window.matchMedia("(pointer: fine)").matches) input.current?.focus();
  }, []);
  // After every send (text, files, a voice note) the cursor is back in the text box, ready for the next message.
  const busy = c.sending || c.recorder.state !== "idle";
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) input.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  // Grow with the text up to 5 rows, then scroll.
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, LINE_PX * MAX_INPUT_ROWS + PAD_PX)}px`;
  }, [c.text]);

  const send = () => {
    if (c.submitText()) onCancelReply();
    input.current?.focus();
  };
  const choose = (item: QuickReply) => {
    void c.chooseQuickReply(item);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Escape" && (quickOpen || replyTo)) {
      e.preventDefault();
      if (quickOpen) setDismissedAt(c.text);
      else onCancelReply();
      return;
    }
    if (quickOpen && quick.matches.length > 0) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        const step = e.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + quick.matches.length) % quick.matches.length);
        return;
      }
      if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") {
        e.preventDefault();
        if (activeItem) choose(activeItem);
        return;
      }
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? c.text.length;
    const end = el?.selectionEnd ?? c.text.length;
    c.setText(c.text.slice(0, start) + emoji + c.text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <div className="relative shrink-0 border-t border-line bg-surface-2">
      {replyTo ? <ReplyPreview message={replyTo} contactName={contactName} onCancel={onCancelReply} /> : null}
      {quickOpen ? <QuickReplyMenu id={listId} items={quick.matches} loading={quick.loading} active={active} onHover={setActive} onChoose={choose} /> : null}
      <div className="flex items-end gap-1 px-2 py-2 max-sm:gap-0 max-sm:px-1 @md:px-3">
        {c.recorder.state !== "idle" ? (
          <RecorderBar seconds={c.recorder.seconds} encoding={c.recorder.state === "encoding" || c.sending} onCancel={c.recorder.cancel} onSend={c.sendRecording} />
        ) : (
          <>
            <EmojiButton onPick={insertEmoji} disabled={c.sending} />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={c.sending || c.attachments.preparing || !online}
              title={offlineTitle}
              aria-label={t("ticketChat.composer.attach")}
              className={iconButton}
            >
              {c.attachments.preparing ? <Spinner /> : <Paperclip className="size-5" aria-hidden />}
            </button>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              onChange={(e) => {
                c.addFiles(Array.from(e.target.files ?? []));
                e.target.value = "";
              }}
            />
            <button
              type="button"
              onClick={() => c.setSign(!c.sign)}
              aria-pressed={c.sign}
              aria-label={t("ticketChat.composer.sign")}
              title={c.sign ? t("ticketChat.composer.signOn") : t("ticketChat.composer.signOff")}
              className={cn(iconButton, c.sign && "bg-brand-soft text-brand-text hover:bg-brand-soft hover:text-brand-text")}
            >
              <PenLine className="size-5" aria-hidden />
            </button>
            <div className="min-w-0 flex-1 rounded-3xl bg-surface">
              <textarea
                ref={input}
                value={c.text}
                onChange={(e) => c.setText(e.target.value)}
                onKeyDown={onKeyDown}
                onPaste={(e) => {
                  const pasted = Array.from(e.clipboardData.files);
                  if (pasted.length && online) {
                    e.preventDefault();
                    c.addFiles(pasted);
                  }
                }}
                rows={1}
                // Never disabled: the next message can be typed while the last one is on its way.
                placeholder={t("ticketChat.composer.placeholder")}
                aria-label={t("ticketChat.composer.placeholder")}
                role={quickOpen ? "combobox" : undefined}
                aria-expanded={quickOpen ? quick.matches.length > 0 : undefined}
                aria-controls={quickOpen ? listId : undefined}
                aria-activedescendant={activeItem ? `${listId}-${activeItem.id}` : undefined}
                className="block max-h-[118px] w-full resize-none bg-transparent px-4 py-[9px] max-sm:px-3 max-sm:py-3 text-sm leading-5 text-fg placeholder:text-subtle focus:outline-none"
              />
            </div>
            {isBlank(c.text) ? (
              <button type="button" onClick={c.startRecording} disabled={c.sending || !online} title={offlineTitle} aria-label={t("ticketChat.composer.record")} className={iconButton}>
                {c.sending ? <Spinner /> : <Mic className="size-5" aria-hidden />}
              </button>
            ) : (
              <button
                type="button"
                onClick={send}
                aria-label={t("ticketChat.composer.send")}
                className="inline-flex size-10 max-sm:size-11 shrink-0 items-center justify-center rounded-full bg-brand text-brand-fg hover:bg-brand-strong"
              >
                <Send className="size-5" aria-hidden />
              </button>
            )}
          </>
        )}
      </div>
      <AttachmentDialog
        files={c.attachments.files}
        initialCaption={c.caption}
        onRemove={c.attachments.remove}
        onCancel={c.cancelAttachments}
        onSend={(caption) => {
          void c.sendAttachments(caption);
          onCancelReply();
        }}
        sending={c.sending}
        progress={c.progress}
        onClosed={() => input.current?.focus()}
      />
    </div>
  );
}
