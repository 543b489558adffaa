import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListTable, RowActions, type Column } from "../../components/list";
import { cn } from "../../components/ui/cn";
import { Skeleton } from "../../components/ui/Spinner";
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
      <span aria-hidden className={cn("absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-surface", online ? "bg-brand" : "bg-line-strong")} />
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
  const columns: Column<UserRow>[] = [
    {
      header: t("users.columns.id"),
      className: "hidden w-16 sm:table-cell",
      cellClassName: "text-subtle tabular-nums",
      skeleton: <Skeleton className="h-4 w-6" />,
      cell: (user) => user.id,
    },
    {
      header: t("users.columns.name"),
      skeleton: (
        <div className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      ),
      cell: (user) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} online={user.online} />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.name}</p>
            <p className="truncate text-xs text-subtle md:hidden">{user.email}</p>
            <p className="text-xs text-subtle">
              <span className="sr-only">{t("users.columns.status")}: </span>
              {user.online ? t("users.online") : t("users.offline")}
              {/* Automatic assignment (issue 26): the agent's pause and the most open tickets they are given. */}
              {user.assignmentPaused ? <span data-testid="user-assignment-paused"> · {t("users.assignmentPaused")}</span> : null}
              {user.maxOpenTickets !== null ? <span> · {t("users.maxOpen", { count: user.maxOpenTickets })}</span> : null}
              <span className="sm:hidden"> · {t(`users.profiles.${user.profile}`)}</span>
            </p>
          </div>
        </div>
      ),
    },
    {
      header: t("users.columns.email"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-72 truncate text-muted",
      skeleton: <Skeleton className="h-4 w-48" />,
      cell: (user) => user.email,
    },
    {
      header: t("users.columns.profile"),
      className: "hidden sm:table-cell",
      skeleton: <Skeleton className="h-5 w-16 rounded-full" />,
      cell: (user) => (
        <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium", profileLook[user.profile])}>
          {t(`users.profiles.${user.profile}`)}
        </span>
      ),
    },
    {
      header: t("users.columns.actions"),
      className: "w-24 text-right",
      skeleton: <Skeleton className="ml-auto h-8 w-16" />,
      cell: (user) => <RowActions name={user.name} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />,
    },
  ];
  return (
    <ListTable
      rows={users}
      columns={columns}
      loaded={loaded}
      loadingMore={loadingMore}
      empty={{
        icon: Users,
        title: t("users.empty"),
        description: t("users.emptyHint"),
      }}
    />
  );
}
