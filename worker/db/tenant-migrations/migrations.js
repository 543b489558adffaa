import journal from './meta/_journal.json';
import m0000 from './0000_tenant_init.sql';
import m0001 from './0001_fts.sql';
import m0002 from './0002_kanban.sql';
import m0003 from './0003_service_periods.sql';
import m0007 from './0007_assistant.sql';

  export default {
    journal,
    migrations: {
      m0000,
m0001,
m0002,
m0003,
m0007
    }
  }
  