import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { DialogBody } from "../../components/ui/Dialog";
import { QrImage } from "../connections/QrImage";
import { brl, type PixAnswer } from "./api";

/** The invoice's Pix: the QR code, the amount the server set, and the copy-paste code. */
export function PixView({ pix }: { pix: PixAnswer }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <DialogBody className="flex flex-col items-center gap-4">
      <p className="text-center text-sm text-muted">{t("billing.pixIntro")}</p>
      <QrImage value={pix.qrcode.qrcode} label={t("billing.qrLabel", { id: pix.invoiceId })} />
      <p className="text-base font-semibold">{t("billing.pixAmount", { value: brl.format(Number(pix.valor.original)) })}</p>
      <textarea readOnly value={pix.qrcode.qrcode} aria-label={t("billing.copy")} className="h-20 w-full resize-none rounded-lg border border-line bg-surface-2 p-2 font-mono text-xs" />
      <Button
        variant="outline"
        onClick={() => {
          void navigator.clipboard?.writeText(pix.qrcode.qrcode);
          setCopied(true);
          // Spec 001: the copied state lasts 1 s.
          setTimeout(() => setCopied(false), 1000);
        }}
      >
        {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {copied ? t("billing.copied") : t("billing.copy")}
      </Button>
    </DialogBody>
  );
}
