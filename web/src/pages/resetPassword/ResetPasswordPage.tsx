import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 520, margin: "48px auto", padding: "0 16px" }}>
      <PagePlaceholder title="resetPassword" />
      <p style={{ textAlign: "center" }}>
        <Link to="/login">{t("route.login")}</Link>
      </p>
    </div>
  );
}
