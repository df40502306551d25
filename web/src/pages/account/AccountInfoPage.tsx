import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function AccountInfoPage() {
  return <PagePlaceholder title="accountInfo" />;
}
