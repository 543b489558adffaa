import { useNavigate } from "@remix-run/react";
import { Check, Copy, Wallet } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { Dialog, DialogBody, DialogContent } from "../../components/ui/Dialog";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { cn } from "../../components/ui/cn";
import { api } from "../../lib/api";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { QrImage } from "../connections/QrImage";
import "./texts";

interface Invoice {
  id: number;
  detail: string;
  value: number;
  dueDate: string;
  status: "open" | "paid" | "cancelled";
}
interface PixAnswer {
  invoiceId: number;
  txid: string;
  qrcode: { qrcode: string };
  valor: { original: string };
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");
const todayIso = () => new Date().toLocaleDateString("en-CA");

/** Spec 001: Pago if paid, Vencido when the due date has passed unpaid, else Em Aberto. */
function displayStatus(invoice: Invoice): "paid" | "overdue" | "open" {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < todayIso() ? "overdue" : "open";
}

/** /financeiro: the company's invoices; PAGAR shows the invoice's Pix, and a confirmed payment renews the license. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [paying, setPaying] = useState<PixAnswer | null>(null);
  const [asking, setAsking] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await api<{ invoices: Invoice[] }>("/invoices/all", { query: { pageNumber: 1 } });
      setInvoices(page.invoices);
    } catch (err) {
      toastError(err);
      setInvoices([]);
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  useRealtimeEvent("payment", (event) => {
    toast.success(t("billing.renewed", { date: ddmmyyyy(event.company.dueDate) }));
    setPaying(null);
    void load();
    // Spec 001: to / after 4 seconds.
    setTimeout(() => navigate("/"), 4000);
  });

  async function pay(invoice: Invoice) {
    setAsking(invoice.id);
    try {
      setPaying(await api<PixAnswer>("/subscription", { method: "POST", body: { invoiceId: invoice.id } }));
      toast.info(t("billing.waiting"));
    } catch (err) {
      toastError(err);
    } finally {
      setAsking(null);
    }
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-xl font-semibold">{t("billing.title")}</h1>
      {invoices === null ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : invoices.length === 0 ? (
        <EmptyState icon={Wallet} title={t("billing.empty")} />
      ) : (
        <div className="overflow-auto rounded-xl border border-line bg-surface">
          <Table>
            <THead>
              <Tr>
                <Th className="hidden sm:table-cell">{t("billing.id")}</Th>
                <Th>{t("billing.detail")}</Th>
                <Th className="hidden sm:table-cell">{t("billing.value")}</Th>
                <Th className="hidden sm:table-cell">{t("billing.dueDate")}</Th>
                <Th className="hidden sm:table-cell">{t("billing.status")}</Th>
                <Th className="text-right">{t("billing.action")}</Th>
              </Tr>
            </THead>
            <TBody>
              {invoices.map((invoice) => {
                const status = displayStatus(invoice);
                return (
                  <Tr key={invoice.id} data-invoice-id={invoice.id} className={cn(status === "overdue" && "bg-danger-soft/60")}>
                    <Td className="hidden sm:table-cell">{invoice.id}</Td>
                    <Td>
                      {invoice.detail}
                      {/* On a phone the other columns fold in here, so the row fits with its action. */}
                      <p className="mt-1 text-xs text-muted sm:hidden">
                        #{invoice.id} · {brl.format(invoice.value)} · {ddmmyyyy(invoice.dueDate)} · {t(`billing.${status}`)}
                      </p>
                    </Td>
                    <Td className="hidden sm:table-cell whitespace-nowrap">{brl.format(invoice.value)}</Td>
                    <Td className="hidden sm:table-cell">{ddmmyyyy(invoice.dueDate)}</Td>
                    <Td className="hidden sm:table-cell">{t(`billing.${status}`)}</Td>
                    <Td className="text-right">
                      {status === "paid" ? (
                        <Button variant="outline" size="sm" disabled>
                          {t("billing.paidButton")}
                        </Button>
                      ) : (
                        <Button size="sm" loading={asking === invoice.id} onClick={() => void pay(invoice)}>
                          {t("billing.pay")}
                        </Button>
                      )}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        </div>
      )}
      <Dialog open={!!paying} onOpenChange={(open) => !open && setPaying(null)}>
        {paying ? <PixView pix={paying} /> : null}
      </Dialog>
    </section>
  );
}

function PixView({ pix }: { pix: PixAnswer }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <DialogContent title={t("billing.pixTitle")} description={t("billing.pixIntro")}>
      <DialogBody className="flex flex-col items-center gap-4">
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
    </DialogContent>
  );
}
