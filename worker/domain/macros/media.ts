/** R2 keys are prefixed by company (media is served only to the owning company). */
export const macroMediaKey = (companyId: number, id: number, fileName: string) => `companies/${companyId}/macros/${id}/${fileName}`;
