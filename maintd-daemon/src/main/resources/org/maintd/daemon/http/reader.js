// The API's reader: swagger-ui over the daemon's own OpenAPI document.
window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: "/1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false
  });
};
