export { InfiniteScroller, ListTable, RowAction, RowActions, SEARCH_DEBOUNCE_MS, LOAD_MORE_THRESHOLD_PX, type Column } from "./ListTable";
export { SearchField } from "./SearchField";
export { usePagedList, useWholeList, cursorPaged, listReducer, initialList, type FetchPage, type Page, type List, type ListState, type ListAction } from "./useList";
export { useRowDeletion } from "./useRowDeletion";
export { ListFailed } from "./ListFailed";
export { useBusyRows } from "./useBusyRows";
