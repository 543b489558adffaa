export default function Index() {
  return <h1 className="p-4 text-xl">ZapDesk</h1>;
}
