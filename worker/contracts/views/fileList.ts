/** One file of a file list (domain/fileLists/view.ts): `path` is the API URL that serves it. */
export type FileListFileView = {
  id: number;
  fileListId: number;
  name: string;
  description: string;
  path: string;
  fileName: string;
  mediaType: string;
  size: number;
  position: number;
};

/** A file list with its files, in order. */
export type FileListView = {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListFileView[];
  updatedAt: string;
};
