import type { Page } from "playwright-core";

/** One piece of text a reader cannot read whole, and what cuts it. */
export interface CutText {
  /** The element's whole text (or the placeholder), as the page holds it. */
  text: string;
  /** What the reader sees of it: "cut" (clipped, ellipsis or not) or "placeholder". */
  how: "cut" | "placeholder";
  /** A short CSS path to the element holding the text, and to the box that clips it. */
  at: string;
  by: string;
}

/**
 * The text on the page as it is now that its container cuts, the rule of the accessibility walk (issue 31 §5):
 *
 * - A visible text node is cut when part of it lies outside the padding box of an ancestor whose overflow on that
 *   axis is hidden or clip (Tailwind's truncate, overflow-hidden, line-clamp): the reader sees "Maria Aparecida da
 *   Sil…" or "Maria Aparecida da Sil" and not the rest. Text in a scrolling box (overflow auto or scroll) is not cut:
 *   the reader can scroll to it. Visually hidden text (sr-only: a 1 px clipped box) is meant to be unseen and is left
 *   out, as is text in a box that is invisible or has no size.
 * - A cut is acceptable only when it says so and the rest can be had: the clipping box ends the text in "…"
 *   (text-overflow: ellipsis, or a line clamp) and a title on the text's element or an ancestor up to that box gives
 *   the whole text, shown by the pointer. A clip mid-word ("Bal" for "Balcão", under a fade) is never acceptable:
 *   nothing tells the reader there is more. An aria-label does not count: it tells a screen reader, not the eye.
 * - An empty input's placeholder is cut when it is wider than the input's content box (placeholders have no title).
 */
export async function cutTexts(page: Page): Promise<CutText[]> {
  return page.evaluate(() => {
    const TOLERANCE = 1.5; // sub-pixel rounding of glyph boxes
    const found: { text: string; how: "cut" | "placeholder"; at: string; by: string }[] = [];
    const norm = (s: string) => s.replace(/\s+/g, " ").trim();
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const testId = e.getAttribute("data-testid");
        const cls = typeof e.className === "string" ? e.className.split(/\s+/).filter(Boolean).slice(0, 3).join(".") : "";
        parts.unshift(testId ? `${e.tagName.toLowerCase()}[data-testid=${testId}]` : `${e.tagName.toLowerCase()}${cls ? `.${cls}` : ""}`);
      }
      return parts.join(" > ");
    };
    const unseen = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === "none" || s.visibility === "hidden" || s.opacity === "0") return true;
        const r = e.getBoundingClientRect();
        // sr-only: a 1 px box that clips its text on purpose.
        if (s.overflow !== "visible" && (r.width <= 1 || r.height <= 1)) return true;
        if (s.clip === "rect(0px, 0px, 0px, 0px)" || s.clipPath === "inset(50%)") return true;
      }
      return false;
    };
    const clips = (v: string) => v === "hidden" || v === "clip";
    const scrolls = (v: string) => v === "auto" || v === "scroll";
    const titled = (from: Element, to: Element, whole: string) => {
      for (let e: Element | null = from; e; e = e.parentElement) {
        const title = e.getAttribute("title");
        if (title && norm(title).includes(whole)) return true;
        if (e === to) break;
      }
      return false;
    };

    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const own = norm(node.textContent ?? "");
      const el = node.parentElement;
      if (!own || !el || seen.has(el) || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "OPTION"].includes(el.tagName)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0 || unseen(el)) continue;
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const top = Math.min(...rects.map((r) => r.top));
      const bottom = Math.max(...rects.map((r) => r.bottom));
      // Past a scrolling box the text is reachable on that axis: whatever clips further up cuts the box, not the text.
      let reachX = false;
      let reachY = false;
      for (let box: Element | null = el; box && box !== document.documentElement; box = box.parentElement) {
        const s = getComputedStyle(box);
        const clipX = !reachX && clips(s.overflowX);
        const clipY = !reachY && clips(s.overflowY);
        reachX ||= scrolls(s.overflowX);
        reachY ||= scrolls(s.overflowY);
        if (!clipX && !clipY) continue;
        const r = box.getBoundingClientRect();
        const innerLeft = r.left + box.clientLeft;
        const innerTop = r.top + box.clientTop;
        const cutX = clipX && (right > innerLeft + box.clientWidth + TOLERANCE || left < innerLeft - TOLERANCE);
        // A line-clamped or fixed-height box cuts whole lines: at least half a line past its edge.
        const half = (bottom - top) / rects.length / 2;
        const cutY = clipY && (bottom > innerTop + box.clientHeight + half || top < innerTop - half);
        if (!cutX && !cutY) continue;
        const whole = norm(el.innerText || el.textContent || "");
        const marked = s.textOverflow === "ellipsis" || (s.webkitLineClamp !== "" && s.webkitLineClamp !== "none");
        if (!marked || !titled(el, box, whole)) found.push({ text: whole.slice(0, 120), how: "cut", at: path(el), by: path(box) });
        seen.add(el);
        break;
      }
    }

    // Placeholders: the input's own font, measured on a canvas, against its content box.
    const canvas = document.createElement("canvas").getContext("2d");
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]"))) {
      if (!canvas || input.value || unseen(input) || input instanceof HTMLTextAreaElement) continue;
      const s = getComputedStyle(input);
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const width = canvas.measureText(input.placeholder).width;
      const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (width > room + TOLERANCE) found.push({ text: input.placeholder, how: "placeholder", at: path(input), by: path(input) });
    }
    return found;
  });
}

/** The cuts as a reader wants them in a failed test. */
export function describeCuts(where: string, cuts: CutText[]): string {
  if (cuts.length === 0) return `${where}: no text cut by its container`;
  return [
    `${where}: ${cuts.length} text(s) cut by their container, with no title giving the whole text`,
    ...cuts.map((c) => `  ${c.how === "placeholder" ? "placeholder" : "text"} "${c.text}"\n    at ${c.at}\n    cut by ${c.by}`),
  ].join("\n");
}
