import { useEffect, useState } from "react";
import { listCompanyUsers, listTags } from "../shared/api";
import type { TagRef, UserRef } from "../shared/types";

/** The search tab's filter choices (tags; agents for those who may filter by user), fetched when first needed. */
export function useSearchOptions(enabled: boolean, withUsers: boolean) {
  const [tags, setTags] = useState<TagRef[]>([]);
  const [users, setUsers] = useState<UserRef[]>([]);
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    if (!enabled || fetched) return;
    setFetched(true);
    listTags()
      .then(setTags)
      .catch(() => setTags([]));
    if (withUsers)
      listCompanyUsers()
        .then(setUsers)
        .catch(() => setUsers([]));
  }, [enabled, fetched, withUsers]);
  return { tags, users };
}
