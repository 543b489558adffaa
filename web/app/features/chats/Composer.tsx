import { Paperclip, SendHorizontal, Smile } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { textareaClasses } from "../../components/ui/Input";
import { Popover, PopoverContent, PopoverTrigger } from "../../components/ui/Popover";
import { cn } from "../../components/ui/cn";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { sendChatFile, sendChatMessage, type ChatMessageView, type ChatView } from "./api";

const EMOJIS = ["😀", "😂", "😊", "😍", "🤔", "😅", "😢", "😮", "👍", "👎", "👏", "🙏", "💪", "🎉", "🔥", "✅", "❌", "⚠️", "❤️", "👀", "☕", "🚀", "📌", "📎"];

/**
 * Writes to a chat: Enter sends (Shift+Enter is a new line), nothing blank is sent; emoji; an attachment with the
 * text as its caption; typing @ offers the chat's members, and those picked are sent as mentions.
 */
export function Composer({ chat, userId, onSent }: { chat: ChatView; userId: number; onSent: (message: ChatMessageView) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [mentions, setMentions] = useState<{ id: number; name: string }[]>([]);
  const [sending, setSending] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const query = /(?:^|\s)@([^\s@]*)$/.exec(text)?.[1];
  const suggestions =
    query === undefined ? [] : chat.users.filter((u) => u.userId !== userId && u.user.name.toLocaleLowerCase().startsWith(query.toLocaleLowerCase())).slice(0, 6);

  const mentionIds = (body: string) => mentions.filter((m) => body.includes(`@${m.name}`)).map((m) => m.id);

  function pick(member: { userId: number; user: { name: string } }) {
    setText((current) => current.replace(/@([^\s@]*)$/, `@${member.user.name} `));
    setMentions((current) => [...current.filter((m) => m.id !== member.userId), { id: member.userId, name: member.user.name }]);
    input.current?.focus();
  }

  async function send(attachment?: File) {
    const body = text.trim();
    if (!body && !attachment) return;
    setSending(true);
    try {
      const sent = attachment ? await sendChatFile(chat.id, attachment, body, mentionIds(body)) : await sendChatMessage(chat.id, body, mentionIds(body));
      setText("");
      setMentions([]);
      onSent(sent);
    } catch (err) {
      toast.error(errorMessage(err, t));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Tab" && suggestions.length) {
      e.preventDefault();
      pick(suggestions[0]!);
      return;
    }
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (suggestions.length && query) pick(suggestions[0]!);
      else void send();
    }
  }

  return (
    <div className="relative border-t border-line bg-surface p-2 sm:p-3">
      {suggestions.length ? (
        <ul role="listbox" aria-label={t("chats.mention")} className="absolute bottom-full left-3 mb-1 w-64 overflow-hidden rounded-lg border border-line bg-surface shadow-panel">
          {suggestions.map((m) => (
            <li key={m.userId} role="option" aria-selected={false}>
              <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(m)} className="block w-full px-3 py-2 text-left text-sm hover:bg-surface-2">
                @{m.user.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-1">
        <Popover open={emojiOpen} onOpenChange={setEmojiOpen}>
          <PopoverTrigger aria-label={t("chats.emoji")} title={t("chats.emoji")} className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2">
            <Smile className="size-5" aria-hidden />
          </PopoverTrigger>
          <PopoverContent align="start" side="top" className="grid w-64 grid-cols-8 gap-1 p-2" aria-label={t("chats.emoji")}>
            {EMOJIS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className="rounded p-1 text-lg hover:bg-surface-2"
                onClick={() => {
                  setText((current) => current + emoji);
                  setEmojiOpen(false);
                  input.current?.focus();
                }}
              >
                {emoji}
              </button>
            ))}
          </PopoverContent>
        </Popover>
        <button type="button" aria-label={t("chats.attach")} title={t("chats.attach")} onClick={() => file.current?.click()} className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2">
          <Paperclip className="size-5" aria-hidden />
        </button>
        <input
          ref={file}
          type="file"
          hidden
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = "";
            if (picked) void send(picked);
          }}
        />
        <textarea
          ref={input}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("chats.placeholder")}
          aria-label={t("chats.placeholder")}
          title={t("chats.enterHint")}
          className={cn(textareaClasses.replace("min-h-20 ", ""), "field-sizing-content max-h-36 min-h-10 flex-1 resize-none")}
        />
        <Button type="button" size="icon" aria-label={t("chats.send")} title={t("chats.send")} disabled={sending || !text.trim()} onClick={() => void send()}>
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
