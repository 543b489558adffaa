import { Download, FileUp, Plus, Trash2, X } from "lucide-react";
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { can } from "../../../../worker/contracts/permissions";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { toastError } from "../../lib/errors";
import { useDebouncedValue } from "../../lib/hooks";
import { useSessionUser } from "../../lib/session-user";
import { toast } from "../../lib/toast";
import { deleteContact, deleteContacts, downloadContactsCsv, getContact } from "./api";
import { ContactDialog } from "./ContactDialog";
import { ContactsTable } from "./ContactsTable";
import { exportFileName } from "../../lib/files";
import { ImportDialog } from "./ImportDialog";
import { InfiniteScroller, SEARCH_DEBOUNCE_MS, useRowDeletion } from "../../components/list";
import { StartTicketDialog } from "./StartTicketDialog";
import { EraseContactDialog, useContactExport } from "../contactPrivacy/ContactPrivacy";
import type { ContactRow } from "./types";
import { useContactList } from "./useContactList";
import "./texts";
import "../consent/texts";
import { Select } from "../../components/ui/Select";
import { CONSENT_STATES, type ConsentState } from "../../../../worker/contracts/consent";

const ALL_CONSENTS = "all";

export function ContactsPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const mayDelete = can(user, "contacts-page:deleteContact");
  const mayPrivacy = can(user, "contacts:privacy");
  const exportData = useContactExport();
  const [erasing, setErasing] = useState<ContactRow | null>(null);
  // ?search= comes from the command bar's contact results.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("search");
  const [searchInput, setSearchInput] = useState(asked ?? "");
  useEffect(() => {
    if (asked !== null) setSearchInput(asked);
  }, [asked]);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [consent, setConsent] = useState<ConsentState | null>(null);
  const list = useContactList(search, consent);
  const [editing, setEditing] = useState<ContactRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: ContactRow) => deleteContact(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("contacts.deleted"),
  });
  const deletingTickets = useTicketCount(deletion.row);
  const [ticketFor, setTicketFor] = useState<ContactRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [bulkConfirm, setBulkConfirm] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());

  // Only rows still in the list count as selected (a live delete, a new search).
  const selected = useMemo(() => new Set(list.items.filter((c) => selectedIds.has(c.id)).map((c) => c.id)), [list.items, selectedIds]);
  const toggle = useCallback((id: number, checked: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = (checked: boolean) => setSelectedIds(checked ? new Set(list.items.map((c) => c.id)) : new Set());

  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (contact: ContactRow) => {
    setEditing(contact);
    setDialogOpen(true);
  };
  const confirmBulkDelete = async () => {
    const ids = [...selected];
    try {
      const { deleted } = await deleteContacts(ids);
      list.remove(...ids);
      setSelectedIds(new Set());
      toast.success(t("contacts.bulkDeleted", { count: deleted }));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadContactsCsv(exportFileName(t("contacts.exportFilePrefix"), new Date()), { searchParam: search, lang: i18n.language });
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame className="h-full min-h-0">
      <PageHeader
        title={t("contacts.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: searchInput, onChange: setSearchInput, placeholder: t("contacts.searchPlaceholder") }}
        actions={
        <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
          <div className="w-full sm:w-64">
            <Select
              aria-label={t("consent.filter")}
              value={consent ?? ALL_CONSENTS}
              onValueChange={(v) => setConsent(v === ALL_CONSENTS ? null : (v as ConsentState))}
              options={[
                { value: ALL_CONSENTS, label: `${t("consent.filter")}: ${t("consent.filterAll")}` },
                ...CONSENT_STATES.map((s) => ({ value: s, label: `${t("consent.filter")}: ${t(`consent.state.${s}`)}` })),
              ]}
            />
          </div>
          {/* On phones the import and export buttons keep only their icons (the text stays for screen readers). */}
          <Button variant="outline" onClick={() => setImportOpen(true)} title={t("contacts.import.title")}>
            <FileUp className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("contacts.import.button")}</span>
          </Button>
          <Button variant="outline" onClick={exportCsv} loading={exporting} title={search ? t("contacts.exportSearchHint") : t("contacts.exportHint")}>
            {exporting ? null : <Download className="size-4" aria-hidden />}
            <span className="sr-only sm:not-sr-only">{t("contacts.export")}</span>
          </Button>
          <Button onClick={openAdd} className="flex-1 sm:flex-none">
            <Plus className="size-4" aria-hidden />
            {t("contacts.add")}
          </Button>
        </div>
        }
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {mayDelete && selected.size > 0 ? (
          <div role="region" aria-label={t("contacts.bulk.region")} className="flex items-center gap-2 border-b border-line bg-brand-soft/60 px-4 py-2.5">
            <p className="mr-auto min-w-0 truncate text-sm font-medium" aria-live="polite">
              {t("contacts.bulk.selected", { count: selected.size })}
            </p>
            <Button variant="ghost" size="sm" onClick={() => setSelectedIds(new Set())} title={t("contacts.bulk.clear")}>
              <X className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t("contacts.bulk.clear")}</span>
            </Button>
            <Button variant="danger" size="sm" onClick={() => setBulkConfirm(true)}>
              <Trash2 className="size-4" aria-hidden />
              <span className="sm:hidden">{t("common.delete")}</span>
              <span className="hidden sm:inline">{t("contacts.bulk.delete")}</span>
            </Button>
          </div>
        ) : null}
        <InfiniteScroller list={list} className="@container min-h-0 flex-1 overflow-auto">
          <ContactsTable
            contacts={list.items}
            loaded={list.loaded}
            loadingMore={list.loading}
            searching={!!search || !!consent}
            selectable={mayDelete}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            mayDelete={mayDelete}
            onStartTicket={setTicketFor}
            onEdit={openEdit}
            onDelete={deletion.ask}
            privacy={mayPrivacy ? { onExport: (contact) => void exportData.run(contact), onErase: setErasing } : undefined}
          />
        </InfiniteScroller>
      </Card>
      <ContactDialog open={dialogOpen} onOpenChange={setDialogOpen} contact={editing} onSaved={(contact) => list.upsert(contact, !editing)} />
      <ImportDialog open={importOpen} onOpenChange={setImportOpen} onImported={(report) => report.imported > 0 && list.refresh()} />
      <StartTicketDialog contact={ticketFor} onOpenChange={(open) => !open && setTicketFor(null)} />
      <EraseContactDialog
        contact={erasing}
        onClose={() => setErasing(null)}
        onErased={(view) => getContact(view.contactId).then((contact) => list.upsert(contact, false)).catch(toastError)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("contacts.deleteTitle", { name: deletion.row?.name ?? "" })}
        message={deletingTickets === null ? t("contacts.deleteWithTickets") : t("contacts.deleteTickets", { count: deletingTickets })}
      />
      <ConfirmDialog
        open={bulkConfirm}
        onOpenChange={setBulkConfirm}
        title={t("contacts.bulk.confirmTitle", { count: selected.size })}
        message={t("contacts.bulk.confirmMessage", { count: selected.size })}
        confirmLabel={t("contacts.bulk.delete")}
        onConfirm={confirmBulkDelete}
      />
    </PageFrame>
  );
}

/**
 * How many tickets deletion.row a contact deletes with it (the API's contact view counts them), for the confirmation;
 * null until it is known (the message then says only that its tickets go too).
 */
function useTicketCount(contact: ContactRow | null): number | null {
  const [count, setCount] = useState<{ id: number; tickets: number } | null>(null);
  const id = contact?.id ?? null;
  useEffect(() => {
    if (id === null) return;
    let live = true;
    getContact(id)
      .then((found) => live && setCount({ id, tickets: found.ticketCount }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return count && count.id === id ? count.tickets : null;
}
