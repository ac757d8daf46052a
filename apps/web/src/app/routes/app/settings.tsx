import { AccountDataLink, ExportAllLink } from "@/components/export-all-link.tsx";
import { Page, Section } from "@/components/ui/page.tsx";
import { TierBadge } from "@/components/ui/tier-badge.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { SignOutButton } from "@/features/auth/components/sign-out-button.tsx";
import { AppearanceSection } from "@/features/settings/components/appearance-section.tsx";
import { DeleteAccountSection } from "@/features/settings/components/delete-account-section.tsx";
import { LanguageSection } from "@/features/settings/components/language-section.tsx";
import { PersonalSection } from "@/features/settings/components/personal-section.tsx";
import { ProfileSection } from "@/features/settings/components/profile-section.tsx";
import { ShareLinksSection } from "@/features/settings/components/share-links-section.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";

function SettingsScreen() {
  const t = useT();
  const { user, tier, uiLanguage } = useSession();
  if (!user) return null;
  return (
    <Page title={t("settings.title")} description={t("settings.description")} width="narrow">
      <div className="flex flex-col gap-6">
        <ProfileSection user={user} />
        <PersonalSection userId={user.id} />
        <LanguageSection userId={user.id} saved={uiLanguage} />
        <AppearanceSection />
        <ShareLinksSection />
        <Section
          id="export"
          title={t("settings.export.title")}
          description={t("settings.export.description")}
        >
          <div className="flex flex-wrap gap-2">
            <ExportAllLink />
            <AccountDataLink />
          </div>
        </Section>
        <Section id="session" title={t("settings.session.title")}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
              {t("settings.session.signedInAs")}{" "}
              <strong className="font-medium text-fg">{user.email}</strong>
              <TierBadge tier={tier} />
            </p>
            <SignOutButton />
          </div>
        </Section>
        <DeleteAccountSection user={user} />
      </div>
    </Page>
  );
}

export function SettingsRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("settings.title")}>
      <SettingsScreen />
    </RequireSignIn>
  );
}
