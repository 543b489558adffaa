import { Pencil, Trash2, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { cn } from "../../components/ui/cn";
import { EmptyState } from "../../components/ui/EmptyState";
import { Skeleton, Spinner } from "../../components/ui/Spinner";
import { Table, TBody, Td, Th, THead, Tr } from "../../components/ui/Table";
import type { UserRow } from "./types";

const profileLook: Record<UserRow["profile"], string> = {
  admin: "bg-brand-soft text-brand-text",
  supervisor: "bg-[#e8f0fe] text-[#1a56c4] dark:bg-[#1b2a44] dark:text-[#8ab4f8]",
  user: "bg-surface-3 text-muted",
};

function Avatar({ name, online }: { name: string; online: boolean }) {
  return (
    <span className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-3 text-sm font-semibold text-muted">
      {name.trim()[0]?.toUpperCase() ?? "?"}
      <span
        aria-hidden
        className={cn("absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-surface", online ? "bg-brand" : "bg-line-strong")}
      />
    </span>
  );
}

export function UsersTable({
  users,
  loaded,
  loadingMore,
  onEdit,
  onDelete,
}: {
  users: UserRow[];
  loaded: boolean;
  loadingMore: boolean;
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}) {
  const { t } = useTranslation();
  if (loaded && users.length === 0) {
    return <EmptyState icon={Users} title={t("users.empty")} description={t("users.emptyHint")} />;
  }
  return (
    <Table>
      <THead>
        <Tr className="hover:bg-transparent">
          <Th className="hidden w-16 sm:table-cell">{t("users.columns.id")}</Th>
          <Th>{t("users.columns.name")}</Th>
          <Th className="hidden md:table-cell">{t("users.columns.email")}</Th>
          <Th className="hidden sm:table-cell">{t("users.columns.profile")}</Th>
          <Th className="w-24 text-right">{t("users.columns.actions")}</Th>
        </Tr>
      </THead>
      <TBody>
        {!loaded
          ? Array.from({ length: 6 }, (_, i) => (
              <Tr key={i} aria-hidden>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-4 w-6" />
                </Td>
                <Td>
                  <div className="flex items-center gap-3">
                    <Skeleton className="size-9 rounded-full" />
                    <Skeleton className="h-4 w-32" />
                  </div>
                </Td>
                <Td className="hidden md:table-cell">
                  <Skeleton className="h-4 w-48" />
                </Td>
                <Td className="hidden sm:table-cell">
                  <Skeleton className="h-5 w-16 rounded-full" />
                </Td>
                <Td>
                  <Skeleton className="ml-auto h-8 w-16" />
                </Td>
              </Tr>
            ))
          : users.map((user) => (
              <Tr key={user.id}>
                <Td className="hidden text-subtle tabular-nums sm:table-cell">{user.id}</Td>
                <Td>
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar name={user.name} online={user.online} />
                    <div className="min-w-0">
                      <p className="truncate font-medium">{user.name}</p>
                      <p className="truncate text-xs text-subtle md:hidden">{user.email}</p>
                      <p className="text-xs text-subtle">
                        <span className="sr-only">{t("users.columns.status")}: </span>
                        {user.online ? t("users.online") : t("users.offline")}
                        <span className="sm:hidden"> · {t(`users.profiles.${user.profile}`)}</span>
                      </p>
                    </div>
                  </div>
                </Td>
                <Td className="hidden max-w-72 truncate text-muted md:table-cell">{user.email}</Td>
                <Td className="hidden sm:table-cell">
                  <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium", profileLook[user.profile])}>
                    {t(`users.profiles.${user.profile}`)}
                  </span>
                </Td>
                <Td>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon-sm" onClick={() => onEdit(user)} aria-label={`${t("common.edit")} ${user.name}`} title={t("common.edit")}>
                      <Pencil className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => onDelete(user)}
                      aria-label={`${t("common.delete")} ${user.name}`}
                      title={t("common.delete")}
                      className="hover:text-danger"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </Button>
                  </div>
                </Td>
              </Tr>
            ))}
        {loadingMore && loaded ? (
          <tr>
            <td colSpan={5} className="py-4 text-center text-muted">
              <Spinner label={t("common.loading")} />
            </td>
          </tr>
        ) : null}
      </TBody>
    </Table>
  );
}
