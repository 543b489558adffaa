import type { TicketStatus } from "./ticket";

/** One agent's row of the dashboard. */
export type AttendantStats = {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  avgSupportTime: number | null;
  medianSupportTime: number | null;
  avgFirstResponseTime: number | null;
  rating: number | null;
  ratings: number;
  csat: number | null;
};

/**
 * The dashboard of a period (domain/insight/getDashboard.ts): times in minutes, the ratings' share of 3s (CSAT),
 * and, for a platform admin, the platform's totals too.
 */
export type DashboardView = {
  platform?: { totalCompanies: number; totalWhatsappSessions: number };
  totalCompanies?: number;
  totalWhatsappSessions?: number;
  period: { from: string; to: string; timezone: string; days: number };
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  medianSupportTime: number | null;
  medianWaitTime: number | null;
  waited: number;
  avgFirstResponseTime: number | null;
  medianFirstResponseTime: number | null;
  responded: number;
  created: number;
  newContacts: number | null;
  ratings: {
    csat: number | null;
    responseRate: number | null;
    asked: number;
    answered: number;
    average: number | null;
    distribution: { 1: number; 2: number; 3: number };
  };
  attendants: AttendantStats[];
  /** The share of tickets within each service-level target (issue 26 §4). */
  serviceLevels: ServiceLevelShares;
  series: { days: { date: string; created: number; resolved: number }[]; heatmap: number[][] };
};

/** Of the tickets whose target was settled in the period (met, or missed), how many were within it; share 0–1, null with none. */
export type TargetShares = {
  total: number;
  within: number;
  share: number | null;
  byQueue: { id: number; name: string; color: string; total: number; within: number; share: number | null }[];
  byAgent: { id: number; name: string; total: number; within: number; share: number | null }[];
};

export type ServiceLevelShares = { firstResponse: TargetShares; resolution: TargetShares };

/** One ticket's row of the reports page (domain/insight/listTicketReports.ts). */
export type TicketReportRow = {
  id: number;
  ticketId: number;
  uuid: string;
  status: TicketStatus;
  contact: { name: string; number: string };
  queue: { name: string; color: string | null } | null;
  user: { name: string } | null;
  startedAt: string;
  finishedAt: string | null;
  waitTime: number | null;
  firstResponseTime: number | null;
  resolutionTime: number | null;
  transfers: number;
  rate: number | null;
  tags: { name: string; color: string }[];
};

export type TicketReportsPage = { reports: TicketReportRow[]; count: number; hasMore: boolean; timezone: string };
