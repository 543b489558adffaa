import { useNavigate } from "@remix-run/react";
import { Wallet } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { EmptyState } from "../../components/ui/EmptyState";
import { Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import { cn } from "../../components/ui/cn";
import { toastError } from "../../lib/errors";
import { useRealtimeEvent } from "../../lib/realtime";
import { toast } from "../../lib/toast";
import { brl, ddmmyyyy, listInvoices, todayIso, type Invoice } from "./api";
import { CheckoutDialog } from "./CheckoutDialog";
import "./texts";

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
  const [paying, setPaying] = useState<Invoice | null>(null);

  const load = useCallback(async () => {
    try {
      setInvoices(await listInvoices());
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
                        <Button size="sm" onClick={() => setPaying(invoice)}>
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
      <CheckoutDialog invoice={paying} onOpenChange={(open) => !open && setPaying(null)} />
    </section>
  );
}
