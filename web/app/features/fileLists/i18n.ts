const ptBR = {
  title: "Listas de arquivos",
  searchPlaceholder: "Pesquisar listas",
  add: "Nova lista",
  saved: "Lista de arquivos salva",
  deleted: "Lista de arquivos excluída",
  deleteTitle: "Excluir a lista {{name}}?",
  deleteMessage: "Os arquivos da lista também serão excluídos, e as opções de fila que a usam deixam de enviá-la.",
  empty: "Nenhuma lista de arquivos ainda",
  emptyHint: "Reúna arquivos (catálogos, tabelas, fotos) para enviar em ordem pelas opções do chatbot e pelas campanhas.",
  emptySearch: "Nenhuma lista encontrada",
  emptySearchHint: "Tente outro nome.",
  filesCount_one: "{{count}} arquivo",
  filesCount_other: "{{count}} arquivos",
  columns: { name: "Nome", files: "Arquivos", actions: "Ações" },
  dialog: {
    addTitle: "Nova lista de arquivos",
    editTitle: "Editar lista de arquivos",
    name: "Nome",
    message: "Descrição",
    messageHint: "Para que serve a lista (visível só para a equipe).",
    files: "Arquivos (enviados nesta ordem)",
    noFiles: "Nenhum arquivo ainda.",
    choose: "Adicionar arquivos",
    chooseHint: "Imagens, áudios, vídeos, PDF e documentos do Office, até 16 MB cada, no máximo {{max}} por lista.",
    fileName: "Nome do arquivo",
    caption: "Legenda (opcional)",
    moveUp: "Subir",
    moveDown: "Descer",
    remove: "Remover",
    download: "Baixar",
    uploading: "Enviando {{name}}",
    waiting: "Aguardando envio",
    tooBig: "{{name}} tem mais de 16 MB.",
    badType: "{{name}} não é um tipo de arquivo que o WhatsApp aceita.",
    tooMany: "Uma lista comporta no máximo {{max}} arquivos.",
    nameShort: "nome muito curto",
  },
};

export type Texts = typeof ptBR;

/** pt-BR here; each other language in its own file beside it (i18n.en.ts, i18n.es.ts), so the browser loads one. */
export { ptBR };
