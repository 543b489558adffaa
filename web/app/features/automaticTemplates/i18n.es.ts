import type { ptBR } from "./i18n";

export const es: typeof ptBR = {
  templatesTab: "Plantillas",
  tab: "Mensajes automáticos",
  title: "Mensajes automáticos fuera de la ventana de 24 horas",
  intro:
    "Pasadas 24 horas sin mensaje del cliente, Meta solo acepta plantillas aprobadas. Elija la plantilla que reemplaza cada mensaje automático; sin plantilla, el mensaje no se envía y aparece en el chat como no entregado.",
  noApproved: "Aún no hay plantillas aprobadas. Cree una plantilla y espere la aprobación de Meta para usarla aquí.",
  loadFailed: "No se pudieron cargar las plantillas.",
  retry: "Intentar de nuevo",
  none: "Ninguna plantilla (no enviar)",
  template: "Plantilla",
  variable: "Variable {{n}}",
  fixedText: "Texto fijo de la variable {{n}}",
  preview: "Vista previa",
  save: "Guardar",
  saved: "Plantillas de los mensajes automáticos guardadas.",
  purposes: {
    greeting: {
      label: "Saludo del chatbot",
      hint: "Cuando el chatbot saluda al contacto.",
    },
    outOfHours: {
      label: "Fuera de horario",
      hint: "La respuesta fuera del horario de atención.",
    },
    notice: {
      label: "Avisos al contacto",
      hint: "Atención aceptada, transferencia a otro sector o agente.",
    },
    rating: {
      label: "Solicitud de calificación",
      hint: "Al cerrar el ticket, con la calificación activada.",
    },
    completion: {
      label: "Mensaje de cierre",
      hint: "La despedida al cerrar el ticket.",
    },
    autoClose: {
      label: "Cierre por inactividad",
      hint: "El aviso al cerrar un ticket detenido.",
    },
    schedule: {
      label: "Programaciones",
      hint: "Mensajes programados para el contacto.",
    },
  },
  sources: {
    message: "Texto del mensaje automático",
    contactName: "Nombre del contacto",
    agentName: "Nombre del agente",
    companyName: "Nombre de la empresa",
    ticketId: "Número del ticket",
    text: "Texto fijo",
  },
};
