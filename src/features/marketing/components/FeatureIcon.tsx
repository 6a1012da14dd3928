import BrushOutlined from '@mui/icons-material/BrushOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import type { FeatureItem } from '../content';

const ICONS = {
  design: BrushOutlined,
  preview: QrCode2,
  ordering: LocalShippingOutlined,
  billing: ReceiptLongOutlined,
  templates: ViewQuiltOutlined,
  collaboration: GroupsOutlined,
  support: SupportAgentOutlined,
  offline: CloudOffOutlined,
} as const;

export function FeatureIcon({ id }: { id: FeatureItem['id'] }) {
  const Icon = ICONS[id];
  return <Icon aria-hidden="true" color="primary" sx={{ fontSize: 32 }} />;
}
