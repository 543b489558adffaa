import { useNavigate } from "@remix-run/react";
import { Wallet } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { ListTable, useWholeList, type Column } from "../../components/list";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Spinner";
import { cn } from "../../components/ui/cn";
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
  const list = useWholeList<Invoice>(listInvoices);
  const [paying, setPaying] = useState<Invoice | null>(null);

  useRealtimeEvent("payment", (event) => {
    toast.success(t("billing.renewed", { date: ddmmyyyy(event.company.dueDate) }));
    setPaying(null);
    list.refresh();
    // Spec 001: to / after 4 seconds.
    setTimeout(() => navigate("/"), 4000);
  });

  const columns: Column<Invoice>[] = [
    { header: t("billing.id"), className: "hidden sm:table-cell", skeleton: <Skeleton className="h-4 w-8" />, cell: (invoice) => invoice.id },
    {
      header: t("billing.detail"),
      skeleton: <Skeleton className="h-4 w-40" />,
      cell: (invoice) => (
        <>
          {invoice.detail}
          {/* On a phone the other columns fold in here, so the row fits with its action. */}
          <p className="mt-1 text-xs text-muted sm:hidden">
            #{invoice.id} · {brl.format(invoice.value)} · {ddmmyyyy(invoice.dueDate)} · {t(`billing.${displayStatus(invoice)}`)}
          </p>
        </>
      ),
    },
    { header: t("billing.value"), className: "hidden sm:table-cell", cellClassName: "whitespace-nowrap", cell: (invoice) => brl.format(invoice.value) },
    { header: t("billing.dueDate"), className: "hidden sm:table-cell", cell: (invoice) => ddmmyyyy(invoice.dueDate) },
    { header: t("billing.status"), className: "hidden sm:table-cell", cell: (invoice) => t(`billing.${displayStatus(invoice)}`) },
    {
      header: t("billing.action"),
      className: "text-right",
      skeleton: <Skeleton className="ml-auto h-8 w-20" />,
      cell: (invoice) =>
        displayStatus(invoice) === "paid" ? (
          <Button variant="outline" size="sm" disabled>
            {t("billing.paidButton")}
          </Button>
        ) : (
          <Button size="sm" onClick={() => setPaying(invoice)}>
            {t("billing.pay")}
          </Button>
        ),
    },
  ];

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader title={t("billing.title")} count={list.loaded ? list.count : undefined} />
      <Card className="min-h-0 overflow-auto">
        <ListTable
          rows={list.items}
          columns={columns}
          loaded={list.loaded}
          loadingMore={false}
          skeletonRows={3}
          rowProps={(invoice) => ({ "data-invoice-id": invoice.id, className: cn(displayStatus(invoice) === "overdue" && "bg-danger-soft/60") })}
          empty={{ icon: Wallet, title: t("billing.empty") }}
        />
      </Card>
      <CheckoutDialog invoice={paying} onOpenChange={(open) => !open && setPaying(null)} />
    </PageFrame>
  );
}
