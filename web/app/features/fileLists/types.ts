import type { FileListFileView, FileListView } from "../../../../worker/contracts/views/fileList";

/** Shapes of the file lists API: the contract's views. */
export type FileListFile = FileListFileView;
export type FileListRow = FileListView;
