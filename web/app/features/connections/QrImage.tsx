import { useEffect, useState } from "react";
import { Spinner } from "../../components/ui/Spinner";

/** Spec 001 §9: the QR code is 256 px. */
export const QR_SIZE = 256;

/**
 * A QR code drawn in the browser with the `qrcode` library (loaded when first needed, so pages without a QR
 * do not carry it). Always dark on white, whatever the theme: phones read that best.
 */
export function QrImage({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import("qrcode")
      .then((mod) => {
        // CommonJS interop: the functions may sit on the namespace or on its default export.
        const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
        return qr.toDataURL(value, { width: QR_SIZE, margin: 1, errorCorrectionLevel: "M" });
      })
      .then((url) => live && setSrc(url))
      .catch((err: unknown) => console.error("could not draw the QR code", err));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="flex size-[272px] shrink-0 items-center justify-center rounded-xl bg-white p-2 shadow-sm ring-1 ring-line">
      {src ? <img src={src} alt={label} width={QR_SIZE} height={QR_SIZE} className="size-64" /> : <Spinner className="text-neutral-500" />}
    </div>
  );
}
