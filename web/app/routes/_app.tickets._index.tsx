import { Welcome } from "../features/tickets/list/Welcome";

export default Welcome;
