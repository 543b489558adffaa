export const ptBR = {
  title: "Dados pessoais (LGPD)",
  hint: "Uma cópia de tudo o que a empresa guarda sobre o contato, ou o apagamento dos dados dele, a pedido da pessoa.",
  export: "Exportar dados",
  exportHint: "Baixar tudo sobre o contato (dados, tickets, mensagens e arquivos) em um arquivo .zip",
  exported: "Arquivo de dados do contato baixado",
  exportFilePrefix: "dados-contato",
  erase: "Apagar dados pessoais",
  eraseTitle: "Apagar os dados pessoais de {{name}}?",
  eraseWhat:
    "O nome, o número, o e-mail, os campos, as notas, os textos das mensagens e os arquivos deste contato serão apagados para sempre. Não dá para desfazer.",
  eraseKeeps:
    "Ficam as estatísticas, sem dados pessoais: os tickets com seus horários, filas, atendentes e avaliações (o painel não muda). Se a pessoa tiver pedido para não receber campanhas, o pedido continua valendo.",
  eraseNewContact: "Se a pessoa escrever de novo, ela aparece como um contato novo.",
  eraseConfirmLabel: "Para confirmar, digite o nome do contato ou APAGAR",
  eraseConfirm: "Apagar dados",
  erasing: "Apagando… conversas longas levam alguns instantes; pode continuar usando o sistema.",
  erased_one: "Dados apagados: {{messages}} mensagens de {{count}} ticket",
  erased_other: "Dados apagados: {{messages}} mensagens de {{count}} tickets",
  erasedName: "Contato apagado",
};
