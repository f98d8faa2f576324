import { createRouter } from "../http/router";
import * as handlers from "./handlers";
import * as routes from "./routes";

/** The academy's router under /academy: one chain, so its type carries every route for a typed client. */
export const academyRoutes = createRouter()
  .openapi(routes.publishedCourses, handlers.publishedCourses)
  .openapi(routes.courseBySlug, handlers.courseBySlug)
  .openapi(routes.videoById, handlers.videoById)
  .openapi(routes.progressRoute, handlers.progressRoute)
  .openapi(routes.adminCourses, handlers.adminCourses)
  .openapi(routes.adminReorderCourses, handlers.adminReorderCourses)
  .openapi(routes.adminCourse, handlers.adminCourse)
  .openapi(routes.adminCreateCourse, handlers.adminCreateCourse)
  .openapi(routes.adminUpdateCourse, handlers.adminUpdateCourse)
  .openapi(routes.adminDeleteCourse, handlers.adminDeleteCourse)
  .openapi(routes.adminPublish, handlers.adminPublish)
  .openapi(routes.adminReorderChapters, handlers.adminReorderChapters)
  .openapi(routes.adminCreateChapter, handlers.adminCreateChapter)
  .openapi(routes.adminUpdateChapter, handlers.adminUpdateChapter)
  .openapi(routes.adminDeleteChapter, handlers.adminDeleteChapter)
  .openapi(routes.adminReorderVideos, handlers.adminReorderVideos)
  .openapi(routes.adminCreateVideo, handlers.adminCreateVideo)
  .openapi(routes.adminUpdateVideo, handlers.adminUpdateVideo)
  .openapi(routes.adminDeleteVideo, handlers.adminDeleteVideo)
  .openapi(routes.adminCourseThumbnail, handlers.adminCourseThumbnail)
  .openapi(routes.adminVideoThumbnail, handlers.adminVideoThumbnail)
  .openapi(routes.deleteCourseThumbnail, handlers.deleteCourseThumbnail)
  .openapi(routes.adminDeleteCourseThumbnail, handlers.adminDeleteCourseThumbnail)
  .openapi(routes.adminDeleteVideoThumbnail, handlers.adminDeleteVideoThumbnail);
