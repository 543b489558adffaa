import { Search, Tag, UsersRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Input } from "../../../components/ui/Input";
import type { TagRef, UserRef } from "../shared/types";
import { MultiSelect } from "./MultiSelect";

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((v) => v !== id) : [...list, id]);

/** The search tab's text box, tag filter and (admins) user filter. */
export function SearchFilters({
  text,
  onText,
  tags,
  tagIds,
  onTagIds,
  users,
  userIds,
  onUserIds,
  withUsers,
}: {
  text: string;
  onText: (value: string) => void;
  tags: TagRef[];
  tagIds: number[];
  onTagIds: (ids: number[]) => void;
  users: UserRef[];
  userIds: number[];
  onUserIds: (ids: number[]) => void;
  withUsers: boolean;
}) {
  const { t } = useTranslation();
  const summary = (ids: number[], names: { id: number; name: string }[], all: string) => {
    if (ids.length === 0) return all;
    if (ids.length === 1) return names.find((n) => n.id === ids[0])?.name ?? all;
    return t("tickets.search.selected", { count: ids.length });
  };
  return (
    <div className="space-y-2 border-b border-line px-3 py-2">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
        <Input
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
          placeholder={t("tickets.search.placeholder")}
          aria-label={t("common.search")}
          className="h-9 pl-9"
          autoFocus
        />
      </div>
      <div className="flex gap-2">
        <MultiSelect
          label={t("tickets.search.tags")}
          summary={summary(tagIds, tags, t("tickets.search.tagsAll"))}
          icon={<Tag className="size-3.5 shrink-0 text-subtle" aria-hidden />}
          options={tags.map((tag) => ({ id: tag.id, label: tag.name, color: tag.color }))}
          isSelected={(id) => tagIds.includes(id)}
          onToggle={(id) => onTagIds(toggle(tagIds, id))}
          onClear={tagIds.length ? () => onTagIds([]) : undefined}
          className="flex-1"
        />
        {withUsers ? (
          <MultiSelect
            label={t("tickets.search.users")}
            summary={summary(userIds, users, t("tickets.search.usersAll"))}
            icon={<UsersRound className="size-3.5 shrink-0 text-subtle" aria-hidden />}
            options={users.map((u) => ({ id: u.id, label: u.name }))}
            isSelected={(id) => userIds.includes(id)}
            onToggle={(id) => onUserIds(toggle(userIds, id))}
            onClear={userIds.length ? () => onUserIds([]) : undefined}
            className="flex-1"
          />
        ) : null}
      </div>
    </div>
  );
}
