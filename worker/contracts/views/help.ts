/** A help video (domain/helps/view.ts). */
export type HelpView = {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: Date;
  updatedAt: Date;
};
