import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../../lib/errors";
import { toast } from "../../../../lib/toast";
import { useSessionUser } from "../../../../lib/session-user";
import { isReachable } from "../../../offline/connectivity";
import { addPending, deliverPending, newClientId } from "../../../offline/outbox";
import { fetchBlob, sendMedia } from "../api";
import { encodeMp3 } from "../media/encodeMp3";
import { isBlank, MIN_AUDIO_BYTES, recordingName } from "../rules/composer";
import type { ChatMessage, QuickReply } from "../types";
import { useAttachments } from "./useAttachments";
import { useAudioRecorder } from "./useAudioRecorder";
import { useDraft } from "./useDraft";
import { useSignMessage } from "./useSignMessage";
import "../texts";

/**
 * The composer's state and its sends, in order: text, files with a caption (upload progress), voice notes (MP3, recordings
 * under 10,000 bytes discarded) and quick replies (their attachment fetched and added to the files). The text is
 * the ticket's draft (`draftKey`), kept until it is sent.
 */
export function useComposer({
  ticketId,
  draftKey,
  replyTo,
  onSent,
}: {
  ticketId: number;
  draftKey: string;
  replyTo: ChatMessage | null;
  onSent: (messages: ChatMessage[]) => void;
}) {
  const { t } = useTranslation();
  const userId = useSessionUser().id;
  const [text, setText] = useDraft(draftKey);
  const [caption, setCaption] = useState("");
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sign, setSign] = useSignMessage();
  const attachments = useAttachments();
  const recorder = useAudioRecorder();
  const base = () => ({ quotedMsg: replyTo?.id, signMessage: sign });
  // Sends go out one after another, in the order they were made, while the agent types on.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inOrder = <T,>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task, task);
    queue.current = run.catch(() => undefined);
    return run;
  };

  /**
   * Enter: the text leaves the box at once (the box stays free for the next message) and is sent in turn; if the
   * server refuses it, it comes back, unless something new was typed meanwhile. Each text carries a client id and
   * waits in the outbox until the server confirms it (issue 29): without network it stays there, shown pending in
   * the chat, and the shell sends it once the network returns; the server never stores the same id twice.
   */
  const submitText = () => {
    if (isBlank(text)) return false;
    const body = text.trim();
    const pending = { clientId: newClientId(), ticketId, body, ...base(), createdAt: Date.now() };
    addPending(userId, pending);
    setText("");
    void inOrder(async () => {
      // Known to be offline: it waits in the outbox, which the shell sends when the server answers again.
      if (!isReachable()) return;
      const result = await deliverPending(userId, pending, "drop");
      if (result.kind === "sent") onSent(result.messages);
      if (result.kind === "refused") {
        toastError(result.error);
        setText((current) => current || body);
      }
    });
    return true;
  };

  const submitFiles = (files: File[], body: string) => {
    const options = base();
    setSending(true);
    setProgress(0);
    return inOrder(async () => {
      try {
        onSent(await sendMedia(ticketId, { files, body: body.trim(), ...options }, setProgress));
        return true;
      } catch (err) {
        toastError(err);
        return false;
      } finally {
        setSending(false);
        setProgress(null);
      }
    });
  };

  const sendAttachments = async (body: string) => {
    if (await submitFiles(attachments.files, body)) {
      attachments.clear();
      setCaption("");
    }
  };

  const cancelAttachments = () => {
    attachments.clear();
    if (!text) setText(caption);
  };

  /** Files picked, pasted or dropped: the text typed so far becomes their caption. */
  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    if (attachments.files.length === 0) {
      setCaption(text);
      setText("");
    }
    void attachments.add(files);
  };

  const chooseQuickReply = async (item: QuickReply) => {
    setText(item.message);
    if (!item.mediaPath) return;
    try {
      const blob = await fetchBlob(item.mediaPath);
      setText("");
      setCaption(item.message);
      void attachments.add([new File([blob], item.mediaName || "arquivo", { type: blob.type })]);
    } catch (err) {
      toastError(err);
    }
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      toast.error(t("ticketChat.composer.micDenied"));
    }
  };

  const sendRecording = async () => {
    const raw = await recorder.stop();
    try {
      if (!raw) return;
      const mp3 = await encodeMp3(raw);
      if (mp3.size < MIN_AUDIO_BYTES) {
        toast.info(t("ticketChat.composer.recordingTooShort"));
        return;
      }
      await submitFiles([new File([mp3], recordingName(new Date()), { type: "audio/mpeg" })], "");
    } catch (err) {
      toastError(err);
    } finally {
      recorder.done();
    }
  };

  return {
    text,
    setText,
    caption,
    sending,
    progress,
    sign,
    setSign,
    attachments,
    recorder,
    submitText,
    sendAttachments,
    cancelAttachments,
    addFiles,
    chooseQuickReply,
    startRecording,
    sendRecording,
  };
}
