import type { Texts } from "./i18n";

export const es: Texts = {
  title: "Notificaciones en este dispositivo",
  hint: "Avisos de nuevas atenciones, mensajes, transferencias y menciones cuando ZapDesk no está en pantalla.",
  unsupported: "Este navegador no recibe notificaciones.",
  denied: "Las notificaciones están bloqueadas para este sitio. Permítalas en la configuración del navegador.",
  on: "Activadas",
  off: "Desactivadas",
  turnedOn: "Notificaciones activadas en este dispositivo",
  turnedOff: "Notificaciones desactivadas en este dispositivo",
  quiet: "Horario silencioso",
  quietHint: "Sin avisos en este intervalo (zona horaria de la empresa).",
  from: "Desde",
  to: "Hasta",
  saveQuiet: "Guardar horario",
  test: "Enviar una prueba",
  testSent: "Prueba enviada",
  devices_one: "{{count}} dispositivo con notificaciones", devices_other: "{{count}} dispositivos con notificaciones",
};
