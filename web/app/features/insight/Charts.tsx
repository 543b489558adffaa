import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// Recharts is loaded only with this module (React.lazy in DashboardPage): the dashboard's cards and tables render
// first, and no other page pays for the chart library.

const axis = { stroke: "var(--muted)", fontSize: 12 };
const tooltipStyle = { background: "var(--surface)", border: "1px solid var(--line)", borderRadius: 8, color: "var(--fg)" };
const RESOLVED_COLOR = "#16a34a";

export function PerDayChart({ data, labels }: { data: { date: string; created: number; resolved: number }[]; labels: { created: string; resolved: string } }) {
  const rows = data.map((d) => ({ ...d, day: d.date.slice(8, 10) + "/" + d.date.slice(5, 7) }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" vertical={false} />
        <XAxis dataKey="day" tick={axis} stroke="var(--line)" minTickGap={8} />
        <YAxis allowDecimals={false} tick={axis} stroke="var(--line)" />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: "var(--surface-2)" }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="created" name={labels.created} fill="var(--brand)" radius={[4, 4, 0, 0]} />
        <Bar dataKey="resolved" name={labels.resolved} fill={RESOLVED_COLOR} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function PerAgentChart({ data, label }: { data: { name: string; tickets: number }[]; label: string }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 36 + 40)}>
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} stroke="var(--line)" />
        <YAxis type="category" dataKey="name" width={110} tick={axis} stroke="var(--line)" />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: "var(--surface-2)" }} />
        <Bar dataKey="tickets" name={label} fill="var(--brand)" radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

