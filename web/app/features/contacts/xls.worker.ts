import { read, utils } from "xlsx";
import { MAX_IMPORT_ROWS } from "./sheet";

/**
 * Parses one legacy .xls (Excel 97-2003) in a worker of its own. SheetJS 0.18.5 has published advisories for
 * crafted files (prototype pollution, regular-expression slowness): here a polluted prototype stays inside this
 * throwaway realm, the page only receives plain cells through structured cloning, and a parse that hangs is
 * ended by the page (xls.ts). Only the first sheet and its first rows are read.
 */
export interface XlsRequest {
  bytes: ArrayBuffer;
}
export type XlsResponse = { ok: true; data: unknown[][]; firstRow: number } | { ok: false };

self.onmessage = (event: MessageEvent<XlsRequest>) => {
  let reply: XlsResponse;
  try {
    const workbook = read(new Uint8Array(event.data.bytes), {
      type: "array",
      sheets: 0,
      // The header, the allowed rows and one more, to tell "too many" from "exactly the limit".
      sheetRows: MAX_IMPORT_ROWS + 2,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellText: false,
      cellDates: false,
      bookVBA: false,
      bookProps: false,
      bookFiles: false,
      WTF: false,
    });
    const name = workbook.SheetNames[0];
    const sheet = name ? workbook.Sheets[name] : undefined;
    if (!sheet) {
      reply = { ok: true, data: [], firstRow: 1 };
    } else {
      const data = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
      const firstRow = sheet["!ref"] ? utils.decode_range(sheet["!ref"]).s.r + 1 : 1;
      // Only primitives cross back (structured cloning copies plain values; anything else becomes text).
      const plain = data.map((row) =>
        Array.isArray(row) ? row.map((cell) => (typeof cell === "number" || typeof cell === "string" || typeof cell === "boolean" ? cell : cell == null ? "" : String(cell))) : [],
      );
      reply = { ok: true, data: plain, firstRow };
    }
  } catch {
    reply = { ok: false };
  }
  // (Typed with the DOM's lib, which the app compiles against; in a worker this is the worker's postMessage.)
  self.postMessage(reply);
};
