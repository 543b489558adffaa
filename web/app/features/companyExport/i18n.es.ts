import type { ptBR } from "./i18n";

export const es: typeof ptBR = {
  title: "Exportar datos de la empresa",
  intro: "Un archivo .tar con todas las tablas de la empresa (una línea JSON por registro), sus archivos multimedia y un manifiesto. Se puede importar en otra instalación.",
  start: "Exportar datos de la empresa",
  confirmTitle: "¿Exportar todos los datos de la empresa?",
  confirmMessage:
    "Incluye contactos, tickets, mensajes, multimedia, usuarios (con sus contraseñas cifradas), colas, campañas y configuración. No incluye secretos: los tokens de la API Cloud, las sesiones de WhatsApp, las claves de IA y de integraciones y los secretos de webhooks y de dos factores deben ingresarse de nuevo. El enlace de descarga vale 24 horas.",
  confirm: "Exportar",
  started: "Exportación iniciada",
  empty: "Aún no hay exportaciones.",
  requestedBy: "Pedida por {{name}}",
  download: "Descargar",
  expired: "Enlace caducado",
  rows: "{{done}} de {{total}} registros",
  states: { queued: "En cola", running: "Exportando", done: "Terminada", failed: "Falló" },
};
