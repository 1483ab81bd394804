import { Link } from "./Link.jsx";

/** A banner's words: its title as a heading only when it has one, its text, its link. */
export function BannerBody({ banner, titleId }) {
  return (
    <>
      {banner.title && <h2 id={titleId}>{banner.title}</h2>}
      <p>{banner.text}</p>
      {banner.link && (
        <p>
          <Link to={banner.link.route}>{banner.link.label}</Link>
        </p>
      )}
    </>
  );
}

/** The date-windowed banners above the header, each with its title and link when it has them. */
export function DatedBanners({ banners }) {
  return banners.map((banner) => (
    <div
      key={banner.id}
      className={`banner banner-dated banner-${banner.tone || "info"}`}
      role="note"
      aria-labelledby={banner.title ? `banner-${banner.id}-title` : undefined}
    >
      <BannerBody banner={banner} titleId={`banner-${banner.id}-title`} />
    </div>
  ));
}
