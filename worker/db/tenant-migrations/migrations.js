import journal from './meta/_journal.json';
import m0000 from './0000_tenant_init.sql';
import m0001 from './0001_fts.sql';
import m0002 from './0002_kanban.sql';
import m0003 from './0003_service_periods.sql';
import m0004 from './0004_service_rollups.sql';
import m0005 from './0005_outbound.sql';
import m0006 from './0006_team.sql';
import m0007 from './0007_assistant.sql';
import m0008 from './0008_service_durations.sql';
import m0009 from './0009_campaigns.sql';
import m0010 from './0010_file_lists.sql';
import m0011 from './0011_ai_sessions.sql';
import m0012 from './0012_campaign_outreach.sql';
import m0013 from './0013_cloud_channel.sql';
import m0014 from './0014_automatic_templates.sql';
import m0015 from './0015_contact_cloud_ids.sql';
import m0016 from './0016_campaign_template.sql';
import m0017 from './0017_cloud_errors.sql';
import m0018 from './0018_public_api.sql';
import m0019 from './0019_tickets_by_change.sql';
import m0020 from './0020_automation.sql';
import m0021 from './0021_automation_settings.sql';
import m0022 from './0022_audit_log.sql';
import m0023 from './0023_two_factor.sql';
import m0024 from './0024_push.sql';
import m0025 from './0025_retention_index.sql';
import m0026 from './0026_media_index.sql';
import m0027 from './0027_marketing_consent.sql';
import m0028 from './0028_message_client_id.sql';
import m0029 from './0029_data_imports.sql';
import m0030 from './0030_company_exports.sql';
import m0031 from './0031_import_carry_sessions.sql';
import m0032 from './0032_schedules_ticket_index.sql';

  export default {
    journal,
    migrations: {
      m0000,
m0001,
m0002,
m0003,
m0004,
m0005,
m0006,
m0007,
m0008,
m0009,
m0010,
m0011,
m0012,
m0013,
m0014,
m0015,
m0016,
m0017,
m0018,
m0019,
m0020,
m0021,
m0022,
m0023,
m0024,
m0025,
m0026,
m0027,
m0028,
m0029,
m0030,
m0031,
m0032
    }
  }
  