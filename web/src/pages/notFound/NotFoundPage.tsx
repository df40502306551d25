/** The 404 page (docs/rules/screens.md#route-table): OOPS, the page cannot be entered, back to home. */
import { Button, Result, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS } from "../../app/paths.ts";

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<span className="pc-oops">{t("notFound.oops")}</span>}
      subTitle={
        <>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t("notFound.headline")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("notFound.detail")}</Typography.Text>
        </>
      }
      extra={
        <Button
          type="primary"
          href={PATHS.home}
          onClick={(event) => {
            event.preventDefault();
            navigate(PATHS.home);
          }}
        >
          {t("notFound.backHome")}
        </Button>
      }
    />
  );
}
