import { MAX_IMPORT_FILE_BYTES, rowsFromSheet, type SheetReading } from "./sheet";
import type { XlsResponse } from "./xls.worker";

/** A parse taking longer than this is taken for a crafted file and stopped. */
const PARSE_TIMEOUT_MS = 20_000;

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

export class SheetReadError extends Error {
  constructor(readonly reason: "tooLarge" | "unreadable" | "timeout") {
    super(reason);
  }
}

/** What a file picked as ".xls" really is: an Excel 97-2003 workbook, an .xlsx under an old name, or neither. */
export async function sniffSpreadsheet(file: Blob): Promise<"ole2" | "zip" | "other"> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (startsWith(head, OLE2_MAGIC)) return "ole2";
  if (startsWith(head, ZIP_MAGIC)) return "zip";
  return "other";
}

/**
 * Reads a legacy .xls in the browser (the server reads only .xlsx). SheetJS is loaded only here, on demand, and
 * runs in a worker (see xls.worker.ts); files over 2 MB are refused before anything is read, and only Excel
 * binary workbooks are handed to the parser (not the HTML, CSV or XML files that also travel as ".xls").
 */
export async function readLegacyXls(file: File): Promise<SheetReading> {
  if (file.size > MAX_IMPORT_FILE_BYTES) throw new SheetReadError("tooLarge");
  if ((await sniffSpreadsheet(file)) !== "ole2") throw new SheetReadError("unreadable");
  const bytes = await file.arrayBuffer();
  const worker = new Worker(new URL("./xls.worker.ts", import.meta.url), { type: "module" });
  try {
    const reply = await new Promise<XlsResponse>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SheetReadError("timeout")), PARSE_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<XlsResponse>) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      worker.onerror = () => {
        clearTimeout(timer);
        reject(new SheetReadError("unreadable"));
      };
      worker.postMessage({ bytes }, [bytes]);
    });
    if (!reply.ok || !Array.isArray(reply.data)) throw new SheetReadError("unreadable");
    return rowsFromSheet(reply.data, reply.firstRow);
  } finally {
    worker.terminate();
  }
}
