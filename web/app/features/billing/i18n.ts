/** Texts of the invoices page and the Pix view, registered as `billing` in web/app/i18n/lang/*.ts. */
const ptBR = {
  title: "Faturas",
  id: "Id",
  detail: "Detalhes",
  value: "Valor",
  dueDate: "Data Venc.",
  status: "Status",
  action: "Ação",
  paid: "Pago",
  overdue: "Vencido",
  open: "Em Aberto",
  pay: "PAGAR",
  paidButton: "PAGO",
  empty: "Nenhuma fatura ainda.",
  pixTitle: "Pagar com Pix",
  pixIntro: "Escaneie o QR code no app do seu banco ou copie o código Pix.",
  pixAmount: "Valor: {{value}}",
  qrLabel: "QR code do Pix da fatura {{id}}",
  copy: "Copiar código",
  copied: "Copiado!",
  waiting: "Assinatura realizada com sucesso!, aguardando a realização do pagamento",
  renewed: "Pagamento confirmado! Sua licença foi renovada até {{date}}.",
};

export type Texts = typeof ptBR;
export { ptBR };
