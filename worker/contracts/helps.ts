import { z } from "zod";
import { patchOf } from "./patch";
import { REQUIRED, NOT_TEXT, TOO_LONG } from "./fieldMessages";

/** A YouTube link (watch, youtu.be, embed, shorts) or a bare video id: the id, 11 characters. */
export function youtubeId(text: string): string | null {
  const value = text.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = url.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id = url.searchParams.get("v") ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1] ?? null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

const text = () => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : NOT_TEXT) });

/**
 * A help's video: a YouTube code or link, of which the code is stored. `notYoutube` is the message when it is
 * neither (a form gives its own translation key).
 */
export const helpVideo = (notYoutube = "Must be a YouTube video link or code") =>
  text()
    .trim()
    .min(1, REQUIRED)
    .max(300, TOO_LONG)
    .transform((v, ctx) => {
      const id = youtubeId(v);
      if (!id) {
        ctx.addIssue({ code: "custom", message: notYoutube });
        return z.NEVER;
      }
      return id;
    });

/** Spec 001: title, description, video (a YouTube code or link; the code is stored). */
const fields = {
  title: text().trim().min(1, REQUIRED).max(200, TOO_LONG),
  description: text().trim().max(2000, TOO_LONG),
  video: helpVideo(),
};

export const helpInput = z.object({ ...fields, description: fields.description.default("") });
export type HelpInput = z.infer<typeof helpInput>;

/** PUT /api/helps/:id: any subset. */
export const helpUpdate = patchOf({
  title: fields.title.optional(),
  description: fields.description.optional(),
  video: fields.video.optional(),
});
export type HelpUpdate = z.infer<typeof helpUpdate>;
