import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MACRO_ACTION_TYPES } from "../../../../worker/contracts/automation/macros";
import { Card, PageFrame, PageHeader } from "../../components/layout/Page";
import { useRowDeletion, useWholeList } from "../../components/list";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { useActionLookups } from "../automationActions/lookups";
import { deleteMacro, listMacros } from "./api";
import { MacroDialog } from "./MacroDialog";
import { MacrosTable } from "./MacrosTable";
import type { MacroRow } from "./types";
import "./texts";

const byName = (a: MacroRow, b: MacroRow) => a.name.localeCompare(b.name);

/** /macros (issue 26 §3): the company's macros and the user's own, made and changed by who may. */
export function MacrosPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const list = useWholeList<MacroRow>(listMacros, { sort: byName });
  const lookups = useActionLookups(MACRO_ACTION_TYPES);
  const [editing, setEditing] = useState<MacroRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const deletion = useRowDeletion((row: MacroRow) => deleteMacro(row.id), {
    onDeleted: (row) => list.remove(row.id),
    success: t("macros.deleted"),
  });
  const term = search.trim().toLowerCase();
  const shown = term ? list.items.filter((m) => m.name.toLowerCase().includes(term)) : list.items;

  const open = (macro: MacroRow | null) => {
    setEditing(macro);
    setDialogOpen(true);
  };

  return (
    <PageFrame className="h-full min-h-0 max-w-5xl">
      <PageHeader
        title={t("macros.title")}
        count={list.loaded ? list.count : undefined}
        search={{ value: search, onChange: setSearch, placeholder: t("macros.searchPlaceholder") }}
        add={{ label: t("macros.add"), onClick: () => open(null) }}
      />
      <Card className="flex min-h-0 flex-1 flex-col overflow-auto">
        <MacrosTable records={shown} loaded={list.loaded} searching={!!term} lookups={lookups} onEdit={open} onDelete={deletion.ask} />
      </Card>
      <MacroDialog open={dialogOpen} onOpenChange={setDialogOpen} macro={editing} lookups={lookups} onSaved={(macro) => list.upsert(macro, !editing)} />
      <ConfirmDialog {...deletion.dialog} title={t("macros.deleteTitle", { name: deletion.row?.name ?? "" })} message={t("common.deleteConfirm")} />
    </PageFrame>
  );
}
