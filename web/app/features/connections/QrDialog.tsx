import { Check, CircleCheck, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { pairingCodeInput } from "../../../../worker/contracts/whatsapps";
import { useContractForm } from "../../components/form/useContractForm";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { describedBy, Field, Input } from "../../components/ui/Input";
import { Spinner } from "../../components/ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/Tabs";
import { toastError } from "../../lib/errors";
import { formatPhone } from "../../lib/phone";
import { useRealtimeEvent } from "../../lib/realtime";
import { getConnection, requestPairingCode } from "./api";
import { QrImage } from "./QrImage";
import { PAIRING_FORM_MESSAGES } from "./schema";
import type { ConnectionRow } from "./types";
import "./texts";

export interface QrDialogProps {
  /** The connection whose QR is shown; null when closed. */
  connection: ConnectionRow | null;
  onClose: () => void;
}

/**
 * The QR code of a connection waiting to be paired (spec 001 §4): it follows the company's whatsappSession
 * events, showing each new QR. Once the session connects it says so, naming the connection and its number, until
 * the user closes it (issue 31: it used to close silently); an attempt that ends without connecting closes it.
 * A pairing code, typed on the phone, is the alternative to scanning.
 */
export function QrDialog({ connection, onClose }: QrDialogProps) {
  const { t } = useTranslation();
  const [paired, setPaired] = useState<{ id: number; number: string } | null>(null);
  const done = !!connection && paired?.id === connection.id;
  const close = () => {
    setPaired(null);
    onClose();
  };
  return (
    <Dialog open={!!connection} onOpenChange={(open) => !open && close()}>
      <DialogContent title={done ? t("connections.qr.pairedTitle") : t("connections.qr.title")} description={connection?.name} size="md">
        {connection ? (
          done ? (
            <Paired name={connection.name} number={paired.number} onDone={close} />
          ) : (
            <QrBody key={connection.id} connection={connection} onClose={close} onPaired={(number) => setPaired({ id: connection.id, number })} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Paired({ name, number, onDone }: { name: string; number: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogBody>
      <div className="flex flex-col items-center gap-4 py-4 text-center">
        <CircleCheck className="size-14 text-brand-text" aria-hidden />
        <div role="status" className="space-y-1">
          <p className="text-base font-semibold text-balance">{t("connections.qr.paired", { name })}</p>
          {number ? <p className="text-sm text-muted tabular-nums">{t("connections.qr.pairedNumber", { number: formatPhone(number) })}</p> : null}
        </div>
        <Button onClick={onDone} autoFocus>
          {t("connections.qr.done")}
        </Button>
      </div>
    </DialogBody>
  );
}

function QrBody({ connection, onClose, onPaired }: { connection: ConnectionRow; onClose: () => void; onPaired: (number: string) => void }) {
  const { t } = useTranslation();
  const [qrcode, setQrcode] = useState<string | null>(connection.qrcode || null);
  const [pairingCode, setPairingCode] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getConnection(connection.id, controller.signal)
      .then((c) => {
        if (c.status === "CONNECTED") onPaired(c.number ?? "");
        else setQrcode(c.qrcode || null);
      })
      .catch(toastError);
    return () => controller.abort();
    // Once, when the dialog opens: the events carry what follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection.id]);

  useRealtimeEvent("whatsappSession", (event) => {
    if (event.session.id !== connection.id) return;
    if (event.session.status === "CONNECTED") {
      onPaired(event.session.number);
      return;
    }
    if (event.session.qrcode) {
      setQrcode(event.session.qrcode);
      return;
    }
    // No QR: the phone is pairing (wait for it), or the attempt is over. While a pairing code is being typed the
    // QR also goes away, so then the dialog waits for the phone.
    const over = event.session.status === "DISCONNECTED" || event.session.status === "TIMEOUT";
    if (over && !pairingCode) onClose();
    else setQrcode(null);
  });

  return (
    <DialogBody>
      <Tabs defaultValue="qr">
        <TabsList>
          <TabsTrigger value="qr">{t("connections.qr.tabQr")}</TabsTrigger>
          <TabsTrigger value="pairing">{t("connections.qr.tabPairing")}</TabsTrigger>
        </TabsList>
        <TabsContent value="qr">
          <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
            {qrcode ? (
              <QrImage value={qrcode} label={t("connections.qr.image", { name: connection.name })} />
            ) : (
              <div className="flex size-[272px] shrink-0 flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line-strong text-sm text-muted">
                <Spinner className="size-6" />
                {t("connections.qr.waiting")}
              </div>
            )}
            <ol className="list-decimal space-y-2 pl-5 text-sm text-muted">
              <li>{t("connections.qr.step1")}</li>
              <li>{t("connections.qr.step2")}</li>
              <li>{t("connections.qr.step3")}</li>
              <li>{t("connections.qr.step4")}</li>
            </ol>
          </div>
        </TabsContent>
        <TabsContent value="pairing">
          <PairingCode connectionId={connection.id} code={pairingCode} onCode={setPairingCode} />
        </TabsContent>
      </Tabs>
    </DialogBody>
  );
}

function PairingCode({ connectionId, code, onCode }: { connectionId: number; code: string | null; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  // The contract's number (10 to 15 digits, any formatting), checked when the code is asked for.
  const { form, fields, saving } = useContractForm({
    id: `pairing-code-${connectionId}`,
    schema: pairingCodeInput,
    fields: ["number"],
    messages: PAIRING_FORM_MESSAGES,
    shouldValidate: "onSubmit",
    async save({ number }) {
      const answer = await requestPairingCode(connectionId, number);
      onCode(answer.code);
      setCopied(false);
    },
  });
  const number = fields.number;
  const error = number.errors?.[0];
  // WhatsApp shows its codes as two groups of four.
  const shown = code && code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

  return (
    <div className="flex flex-col gap-4">
      <form id={form.id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field id={number.id} label={t("connections.qr.number")} error={error} hint={t("connections.qr.numberHint")} className="flex-1">
          <Input
            id={number.id}
            name={number.name}
            key={number.key}
            defaultValue={number.initialValue}
            inputMode="tel"
            autoComplete="tel"
            invalid={!!error}
            aria-describedby={describedBy(number.id, error, t("connections.qr.numberHint"))}
          />
        </Field>
        <Button type="submit" loading={saving} className="sm:mt-[1.625rem]">
          {t("connections.qr.request")}
        </Button>
      </form>
      {shown ? (
        <div role="status" className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-4">
          <p className="text-sm text-muted">{t("connections.qr.codeLabel")}</p>
          <div className="flex items-center gap-2">
            <span className="font-mono text-2xl font-semibold tracking-[0.2em]">{shown}</span>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t("connections.qr.copyCode")}
              title={t("connections.qr.copyCode")}
              onClick={() => {
                void navigator.clipboard
                  .writeText(code ?? "")
                  .then(() => setCopied(true))
                  .catch(() => undefined);
              }}
            >
              {copied ? <Check className="size-4 text-brand-text" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
