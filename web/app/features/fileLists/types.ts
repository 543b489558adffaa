/** Shapes of the file lists API (worker/domain/fileLists/view.ts). */
export interface FileListFile {
  id: number;
  fileListId: number;
  name: string;
  description: string;
  path: string;
  fileName: string;
  mediaType: string;
  size: number;
  position: number;
}

export interface FileListRow {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListFile[];
}
