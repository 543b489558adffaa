/** A contact's message through the session host's simulator, to the connection `connectionId`; throws when refused. */
export async function simulatorInbound(hostUrl, connectionId, from, body) {
  const res = await fetch(`${hostUrl}/simulator/${connectionId}/inbound`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from, name: `Bench ${from.slice(-4)}`, body }),
  });
  if (!res.ok) throw new Error(`simulator refused: ${res.status} ${await res.text()}`);
}
